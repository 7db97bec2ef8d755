import type { Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { createKeycloakAdmin } from "../../server/src/provider/keycloak/admin-client.js";
import { uniqueAccount, uniquePassword } from "../e2e/support/accounts.js";
import { enter, qa } from "../e2e/support/qa.js";
import { fillRegistration } from "../e2e/support/registration.js";
import { type Credentials, signIn, submitProviderLogin } from "../e2e/support/sign-in.js";
import { signInOnLoginPage } from "../src/keycloak/login-form.js";
import { REGISTER_OPTIN_PATH } from "../src/support/accounts-api.js";
import { poll } from "../src/support/poll.js";
import { expect, test } from "./fixtures.js";
import { ISSUER_ENV, SECRET_ENV } from "./global-setup.js";

// Issue 47 item 5: the web app as it ships (keycloak-js, PKCE, silent check-sso) against
// the real Keycloak that global-setup.ts started. One person's life in order; each test
// carries on where the one before stopped, so the file runs serially.
test.describe.configure({ mode: "serial" });

const person = uniqueAccount("kc");
/** The person as they sign in now: the password changes along the way. */
const account = { ...person };
const issuer = process.env[ISSUER_ENV] ?? "";
const profileField = (page: Page, field: string) =>
  qa(qa(page, "profile-form"), `profile-${field}`);

test("register in the portal, confirm from the outbox, sign in on Keycloak's page", async ({
  page,
  a11y,
  outbox,
}) => {
  await fillRegistration(page, a11y, person);
  await expect(page).toHaveURL((u) => u.pathname === routePath("register-success"));
  const visited = mainFrameUrls(page);
  const link = await outbox.nextLink(account.email, REGISTER_OPTIN_PATH);
  await page.goto(link.href);
  await expect(qa(page, "register-optin-login")).toBeVisible();
  // "Sign in" at once: the confirmation's answer came after the person's push to Keycloak
  // (user-sync-plugin.ts, bounded by 3 s), so Keycloak's page knows the user already.
  await qa(page, "register-optin-login").click();
  await submitProviderLogin(page, a11y, account);
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
  // That page was Keycloak's own: its authorization endpoint, on Keycloak's origin.
  expect(visited.some((url) => url.startsWith(`${issuer}/protocol/openid-connect/auth`))).toBe(
    true,
  );
  await expect(qa(page, "profile-page")).toBeVisible();
  await expect(profileField(page, "given-name")).toHaveValue(person.givenName);
  await expect(profileField(page, "sur-name")).toHaveValue(person.surName);
  await expect(qa(page, "profile-email")).toHaveText(account.email);
});

/** Every URL the page's main frame goes to from now on. */
const mainFrameUrls = (page: Page): string[] => {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
};

test("a reload keeps the person signed in through keycloak-js's silent check-sso", async ({
  page,
  a11y,
}) => {
  await signIn(page, a11y, account);
  const visited = mainFrameUrls(page);
  await page.reload();
  await expect(qa(page, "profile-page")).toBeVisible();
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  // The check ran in the hidden iframe: the page itself never went to Keycloak.
  expect(visited.filter((url) => url.startsWith(issuer))).toEqual([]);
});

test("keycloak-js refreshes the access token before a request when it is about to expire", async ({
  page,
  a11y,
}) => {
  // The browser's clock moves; Keycloak's does not, so its refresh token still holds.
  await page.clock.install();
  const refreshes: Array<import("@playwright/test").Response> = [];
  page.on("response", (r) => {
    const body = r.request().postData() ?? "";
    if (
      r.url() === `${issuer}/protocol/openid-connect/token` &&
      body.includes("grant_type=refresh_token")
    ) {
      refreshes.push(r);
    }
  });
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-form")).toBeVisible();
  await a11y.scan(page);
  const before = refreshes.length;
  // The realm's access tokens last 300 s; fewer than 10 s left makes keycloak-js refresh.
  await page.clock.fastForward("04:55");
  // A profile save: the API request asks keycloak-js for a token first.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/persons/me") && r.request().method() === "PATCH",
  );
  await enter(qa(page, "profile-position"), "Einkauf");
  await qa(page, "profile-submit").click();
  const answer = await saved;
  expect(answer.status()).toBeLessThan(300);
  expect(refreshes.length).toBeGreaterThan(before);
  const refreshed = refreshes.at(-1)!;
  expect(refreshed.status()).toBe(200);
  // The request went with the refreshed token.
  const { access_token } = (await refreshed.json()) as { access_token: string };
  expect((await answer.request().allHeaders()).authorization).toBe(`Bearer ${access_token}`);
});

test("password change after a sign-in older than 5 minutes: Keycloak's page first (prompt=login), then Keycloak takes the new password only", async ({
  page,
  a11y,
}) => {
  // The browser's clock moves past the fresh sign-in's five minutes (auth_time).
  await page.clock.install();
  await signIn(page, a11y, account);
  await page.clock.fastForward("06:00");
  const visited = mainFrameUrls(page);
  await qa(page, "profile-change-password").click();
  // The page asks for the new sign-in as it opens, before a password is typed.
  await keycloakLogin(page, account);
  await expect(page).toHaveURL((u) => u.pathname === routePath("change-password"));
  const stepUp = visited.find((url) => url.startsWith(`${issuer}/protocol/openid-connect/auth`));
  expect(new URL(stepUp ?? "http://none").searchParams.get("prompt")).toBe("login");
  const form = qa(page, "change-password-form");
  await expect(form).toBeVisible();
  const newPassword = uniquePassword();
  await enter(qa(form, "change-password-old"), account.password);
  await enter(qa(form, "change-password-new"), newPassword);
  await enter(qa(form, "change-password-confirmation"), newPassword);
  await qa(form, "change-password-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("change-password-success"));
  const oldPassword = account.password;
  account.password = newPassword;

  // A browser without Keycloak's session cookie: a sign-in on Keycloak's page.
  await page.context().clearCookies();
  await page.goto(routePath("profile"));
  await keycloakLogin(page, { email: account.email, password: oldPassword });
  await expectRefused(page);
  await keycloakLogin(page, account);
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
});

/**
 * Keycloak's own login form: the address where it asks for one (a re-authentication shows
 * the known user instead), the password, and the submit. Where it leads is the caller's.
 */
const keycloakLogin = async (page: Page, credentials: Credentials): Promise<void> => {
  const form = page.locator("#kc-form-login");
  await expect(form).toBeVisible();
  expect(page.url().startsWith(issuer)).toBe(true);
  const username = form.locator('[name="username"]');
  if (await username.isVisible()) await username.fill(credentials.email);
  await form.locator('[name="password"]').fill(credentials.password);
  await page.locator("#kc-login").click();
};

/** Keycloak's page came back with its "invalid username or password" (the field marked). */
const expectRefused = async (page: Page): Promise<void> => {
  await expect(page.locator('#kc-form-login [name="username"][aria-invalid="true"]')).toBeVisible();
  expect(page.url().startsWith(issuer)).toBe(true);
};

test('"This wasn\'t me" on the security page: signed out, the old password refused, the reset by mail', async ({
  page,
  a11y,
  outbox,
}) => {
  await signIn(page, a11y, account, { path: routePath("sign-in-devices") });
  await qa(page, "secure-account-open").click();
  await qa(page, "secure-account-dialog-confirm").click();
  await expect(qa(page, "account-secured")).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === routePath("home"));

  // Keycloak's session ended (the admin API) and its copy of the password is gone.
  await page.goto(routePath("profile"));
  await keycloakLogin(page, account);
  await expectRefused(page);

  await outbox.next(account.email, { subject: /Ihr Konto ist gesichert/ });
  const resetLink = await outbox.nextLink(account.email, routePath("password-reset"));
  const newPassword = uniquePassword();
  await page.goto(resetLink.href);
  const reset = qa(page, "password-reset-form");
  await expect(reset).toBeVisible();
  await enter(qa(reset, "password-reset-new-password"), newPassword);
  await enter(qa(reset, "password-reset-confirmation-password"), newPassword);
  await qa(reset, "password-reset-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("password-reset-success"));
  account.password = newPassword;

  // The portal's user sync puts the new password into Keycloak just after the answer (the
  // secured account had none there); the themed login page, with no PatternFly to load, came
  // quick enough to be sent before it. Asked of the admin API: a refused sign-in would count
  // towards the realm's brute-force lock.
  const admin = createKeycloakAdmin({
    issuer,
    clientId: "portal-support",
    clientSecret: process.env[SECRET_ENV] ?? "",
  });
  const [user] = await admin.get<Array<{ id: string }>>(
    `/users?${new URLSearchParams({ email: account.email, exact: "true" })}`,
  );
  await poll(
    "the new password in Keycloak",
    async () =>
      (await admin.get<Array<{ type: string }>>(`/users/${user?.id}/credentials`)).some(
        (c) => c.type === "password",
      )
        ? true
        : undefined,
    10_000,
    100,
  );
  await page.goto(routePath("profile"));
  await keycloakLogin(page, account);
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
  await expect(qa(page, "profile-email")).toHaveText(account.email);
});

test("deletion: a sign-in older than 5 minutes asks Keycloak again (prompt=login), then the account is gone there too", async ({
  page,
  a11y,
  outbox,
  portal,
}) => {
  // The browser's clock moves past the fresh sign-in's five minutes (auth_time).
  await page.clock.install();
  await signIn(page, a11y, account, { path: routePath("request-account-deletion") });
  await a11y.scan(page);
  await page.clock.fastForward("06:00");
  const visited = mainFrameUrls(page);
  await qa(page, "request-account-deletion-submit").click();
  await qa(page, "request-account-deletion-dialog-confirm").click();
  await keycloakLogin(page, account);
  await expect(page).toHaveURL((u) => u.pathname === routePath("request-account-deletion-success"));
  const stepUp = visited.find((url) => url.startsWith(`${issuer}/protocol/openid-connect/auth`));
  expect(new URL(stepUp ?? "http://none").searchParams.get("prompt")).toBe("login");

  const link = await outbox.nextLink(account.email, routePath("confirm-account-deletion"));
  await page.goto(link.href);
  await qa(page, "confirm-account-deletion-submit").click();
  await expect(qa(page, "confirm-account-deletion-success")).toBeVisible();

  // Keycloak's user is deleted (the user sync, right after the answer): the password signs
  // nobody in on Keycloak's page, tried without this browser, whose tab the app may still
  // be moving to a signed-out page.
  const redirectUri = `${portal.url}/benutzerverwaltung/`;
  await poll(
    "Keycloak to refuse the deleted person's password",
    async () =>
      (await signInOnLoginPage({
        issuer,
        redirectUri,
        username: account.email,
        password: account.password,
      }))
        ? undefined
        : true,
    10_000,
    200,
  );
});
