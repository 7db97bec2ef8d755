import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { registerConfirmedAccount } from "../src/support/accounts-api.js";
import { codeIn } from "../src/support/outbox.js";
import { uniqueAccount } from "./support/accounts.js";
import type { A11yWatch } from "./support/axe.js";
import { expect, test } from "./support/fixtures.js";
import { type SecondFactor, submitProviderLogin } from "./support/sign-in.js";
import { Authenticator } from "./support/totp.js";

// The REAL keycloak-js the web app ships, next to a tiny test page, served by the portal
// itself as its web app (WEB_DIST_DIR): the page is on the portal's origin under the app's
// base path, so its redirect URI is one the provider accepts, and the provider's redirects
// back to it reach the real server (Playwright cannot intercept redirected navigations).
const webPackage = fileURLToPath(new URL("../../web/package.json", import.meta.url));
const KEYCLOAK_JS = readFileSync(createRequire(webPackage).resolve("keycloak-js"), "utf8");
const TEST_PAGE = "kc-test.html";

const TEST_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>keycloak-js test page</title>
<script type="module" src="./kc-test/app.js"></script></head>
<body><main><h1>keycloak-js test page</h1><p id="status">loading</p></main></body></html>`;

// checkLoginIframe off, PKCE S256, silent check-sso (third-party-cookie check first): as the
// web app initialises keycloak-js (issue 4).
const TEST_APP_JS = `import Keycloak from "./keycloak.js";
const kc = new Keycloak({ url: location.origin, realm: "portal", clientId: "benutzerverwaltung" });
const actions = JSON.parse(sessionStorage.getItem("kcActions") ?? "[]");
kc.onActionUpdate = (status, action) => {
  actions.push({ status, action });
  sessionStorage.setItem("kcActions", JSON.stringify(actions));
};
window.kc = kc;
window.kcActions = actions;
try {
  const authenticated = await kc.init({
    onLoad: "check-sso",
    pkceMethod: "S256",
    checkLoginIframe: false,
    silentCheckSsoRedirectUri: new URL("silent-check-sso.html", location.href).href,
  });
  window.kcReady = { authenticated };
} catch (error) {
  window.kcReady = { error: String(error?.error ?? error) };
}
document.getElementById("status").textContent = window.kcReady.authenticated ? "signed in" : "signed out";
`;

const webDir = mkdtempSync(join(tmpdir(), "kc-test-web-"));
mkdirSync(join(webDir, "kc-test"));
writeFileSync(join(webDir, TEST_PAGE), TEST_HTML);
writeFileSync(join(webDir, "kc-test", "app.js"), TEST_APP_JS);
writeFileSync(join(webDir, "kc-test", "keycloak.js"), KEYCLOAK_JS);
for (const file of ["silent-check-sso.html", "silent-check-sso.js"]) {
  copyFileSync(
    fileURLToPath(new URL(`../../web/public/${file}`, import.meta.url)),
    join(webDir, file),
  );
}
test.use({ portalOptions: { companySeedCount: 200, env: { WEB_DIST_DIR: webDir } } });
test.afterAll(() => rmSync(webDir, { recursive: true, force: true }));

interface KcWindow {
  kc: {
    token?: string;
    tokenParsed?: Record<string, unknown>;
    refreshTokenParsed?: Record<string, unknown>;
    login(options?: Record<string, unknown>): Promise<void>;
    logout(options?: Record<string, unknown>): Promise<void>;
    updateToken(minValidity: number): Promise<boolean>;
  };
  kcReady?: { authenticated?: boolean; error?: string };
  kcActions: Array<{ status: string; action: string }>;
}

/** Opens the test page and waits until keycloak-js finished `init`. */
const openTestPage = async (page: Page, appUrl: string) => {
  await page.goto(`${appUrl}${TEST_PAGE}`);
  return readyState(page);
};

const readyState = async (page: Page) => {
  // Polled every 50 ms, not on every animation frame (support/axe.ts says why).
  await page.waitForFunction(() => (window as unknown as KcWindow).kcReady !== undefined, null, {
    polling: 50,
  });
  return page.evaluate(() => (window as unknown as KcWindow).kcReady);
};

const lastAction = (page: Page) =>
  page.evaluate(() => (window as unknown as KcWindow).kcActions.at(-1));

/** keycloak-js `login()`, then the provider's form (and the second factor when given). */
const providerSignIn = async (
  page: Page,
  a11y: A11yWatch,
  account: { readonly email: string; readonly password: string },
  factor?: SecondFactor,
) => {
  await page.evaluate(() => void (window as unknown as KcWindow).kc.login());
  await submitProviderLogin(page, a11y, account, factor);
  await page.waitForURL((u) => u.pathname.endsWith(TEST_PAGE));
  expect(await readyState(page)).toEqual({ authenticated: true });
};

const signOut = async (page: Page) => {
  await page.evaluate(
    () =>
      void (window as unknown as KcWindow).kc.logout({
        redirectUri: `${location.origin}/benutzerverwaltung/`,
      }),
  );
  await page.waitForURL((u) => u.pathname === "/benutzerverwaltung/");
};

test("keycloak-js signs in (password, then TOTP), refreshes, configures and deletes TOTP, signs out", async ({
  page,
  portal,
  outbox,
  a11y,
}) => {
  test.setTimeout(120_000);
  const account = uniqueAccount("kcjs");
  await registerConfirmedAccount(portal.url, outbox, account);

  // Signed out: check-sso (prompt=none) answers login_required, keycloak-js reports false.
  expect(await openTestPage(page, portal.appUrl)).toEqual({ authenticated: false });
  await a11y.scan(page, "(test page)");

  // 1. Password sign-in on the provider's Keycloak-shaped form.
  const signIn = (factor?: SecondFactor) => providerSignIn(page, a11y, account, factor);
  await signIn();
  const claims = await page.evaluate(() => {
    const { kc } = window as unknown as KcWindow;
    return { access: kc.tokenParsed, refresh: kc.refreshTokenParsed };
  });
  expect(claims.access?.email).toBe(account.email.toLowerCase());
  expect(claims.access?.cr_id).toEqual(expect.any(String));
  expect(claims.refresh?.typ).toBe("Refresh");

  // 2. CONFIGURE_TOTP: the QR code and the secret as text, confirmed with a code.
  await page.evaluate(
    () => void (window as unknown as KcWindow).kc.login({ action: "CONFIGURE_TOTP" }),
  );
  await expect(page.locator("#kc-totp-secret-qr-code")).toBeVisible();
  await a11y.scan(page, "(configure TOTP)");
  const authenticator = new Authenticator(
    (await page.locator("#kc-totp-secret-key").textContent()) ?? "",
  );
  await page.locator("#totp").fill(await authenticator.nextCode());
  await page.locator("#saveTOTPBtn").click();
  await page.waitForURL((u) => u.pathname.endsWith(TEST_PAGE));
  expect(await readyState(page)).toEqual({ authenticated: true });
  expect(await lastAction(page)).toEqual({ status: "success", action: "CONFIGURE_TOTP" });

  // 3. Sign out, then in again: password, then the TOTP code computed here.
  await signOut(page);
  expect(await openTestPage(page, portal.appUrl)).toEqual({ authenticated: false });
  await signIn({ kind: "totp", authenticator });

  // 4. Refresh (keycloak-js sends the JWT-shaped refresh token; a new pair comes back).
  const refreshed = await page.evaluate(async () => {
    const { kc } = window as unknown as KcWindow;
    const before = kc.token;
    const done = await kc.updateToken(-1);
    return { done, changed: kc.token !== before, typ: kc.refreshTokenParsed?.typ };
  });
  expect(refreshed).toEqual({ done: true, changed: true, typ: "Refresh" });

  // 5. delete_credential:{id} for the app factor listed by the API.
  const credentialId = await page.evaluate(async () => {
    const { kc } = window as unknown as KcWindow;
    const res = await fetch("/api/user-management/persons/me/credentials", {
      headers: { authorization: `Bearer ${kc.token}` },
    });
    const list = (await res.json()) as Array<{ type: string; credentialId: string }>;
    return list.find((c) => c.type === "AUTHENTICATOR_APP")?.credentialId;
  });
  expect(credentialId).toEqual(expect.any(String));
  await page.evaluate(
    (id) => void (window as unknown as KcWindow).kc.login({ action: `delete_credential:${id}` }),
    credentialId,
  );
  await expect(page.locator("#kc-accept")).toBeVisible();
  await a11y.scan(page, "(delete credential)");
  await page.locator("#kc-accept").click();
  await page.waitForURL((u) => u.pathname.endsWith(TEST_PAGE));
  expect(await readyState(page)).toEqual({ authenticated: true });
  expect(await lastAction(page)).toEqual({
    status: "success",
    action: `delete_credential:${credentialId}`,
  });

  // 6. Sign out ends the session: check-sso finds nobody signed in.
  await signOut(page);
  expect(await openTestPage(page, portal.appUrl)).toEqual({ authenticated: false });
});

test("the provider's other pages (e-mail codes, device entry, errors) work and are accessible", async ({
  page,
  portal,
  outbox,
  a11y,
}) => {
  test.setTimeout(90_000);
  const account = uniqueAccount("kcmail");
  await registerConfirmedAccount(portal.url, outbox, account);
  const mailedCode = async () =>
    codeIn(
      await outbox.next(account.email.toLowerCase(), {
        subject: /Anmelde-Code|sign-in code|code de connexion/,
      }),
    );
  expect(await openTestPage(page, portal.appUrl)).toEqual({ authenticated: false });
  await a11y.scan(page, "(test page)");
  await providerSignIn(page, a11y, account);

  // CONFIGURE_EMAIL_OTP: send a first code, confirm it.
  await page.evaluate(
    () => void (window as unknown as KcWindow).kc.login({ action: "CONFIGURE_EMAIL_OTP" }),
  );
  await expect(page.locator("#kc-send-code")).toBeVisible();
  await a11y.scan(page, "(configure e-mail codes)");
  await page.locator("#kc-send-code").click();
  await expect(page.locator('[name="otp"]')).toBeVisible();
  await a11y.scan(page, "(confirm e-mail code)");
  await page.locator('[name="otp"]').fill(await mailedCode());
  await page.locator("#kc-login").click();
  await page.waitForURL((u) => u.pathname.endsWith(TEST_PAGE));
  expect(await readyState(page)).toEqual({ authenticated: true });
  expect(await lastAction(page)).toEqual({ status: "success", action: "CONFIGURE_EMAIL_OTP" });

  // Next sign-in: password, then the mailed code.
  await signOut(page);
  expect(await openTestPage(page, portal.appUrl)).toEqual({ authenticated: false });
  await providerSignIn(page, a11y, account, { kind: "email", code: mailedCode });

  // Device entry page (the CLI's staff sign-in) and its error for a wrong code.
  await page.goto(`${portal.url}/realms/portal/device`);
  await expect(page.locator('[name="user_code"]')).toBeVisible();
  await a11y.scan(page, "(device code entry)");
  await page.locator('[name="user_code"]').fill("BCDF-GHJK");
  await page.locator("#kc-login").click();
  await expect(page.locator('[data-qa="device-code-error"]')).toBeVisible();
  await a11y.scan(page, "(device code error)");

  // The provider's error page, e.g. for an unknown client.
  await page.goto(
    `${portal.url}/realms/portal/protocol/openid-connect/auth?client_id=unknown&response_type=code&scope=openid`,
  );
  await expect(page.locator('[data-qa="provider-error"]')).toBeVisible();
  await a11y.scan(page, "(provider error)");
});
