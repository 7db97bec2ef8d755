import type { CDPSession, Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { qa } from "../e2e/support/qa.js";
import { backOnSecurity, openSecurity } from "../e2e/support/second-factor.js";
import { signIn } from "../e2e/support/sign-in.js";
import { expect, test } from "./fixtures.js";
import { ISSUER_ENV } from "./global-setup.js";
import { provisionedAccount } from "./provisioned-account.js";

const issuerOf = () => process.env[ISSUER_ENV] ?? "";

// Issue 47 item 3: a passkey registered through Keycloak's webauthn-register-passwordless
// signs the person in on Keycloak's own page without the password. The realm switches on
// Keycloak's passkeys (webAuthnPolicyPasswordlessPasskeysEnabled, docs/keycloak.md
// "Passkeys"): the stock browser flow's username-password form then offers "sign in with a
// passkey" and passkey autofill (conditional UI).

/** A platform authenticator with resident keys that verifies the user at once (CDP). */
const virtualAuthenticator = async (page: Page): Promise<{ cdp: CDPSession; id: string }> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, id: authenticatorId };
};

test("passkey: registered from the security page, then a sign-in on Keycloak's page with it and no password", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const authenticator = await virtualAuthenticator(page);
  const account = await provisionedAccount(portal.url, outbox, "kc-passkey-in");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  // Keycloak may ask for the passkey's name in a prompt after the browser's dialog.
  page.on("dialog", (dialog) => void dialog.accept("Laptop"));
  await qa(page, "passkey-add").click();
  await page.locator("#registerWebAuthn").click();
  await backOnSecurity(page, a11y);
  const { credentials } = await authenticator.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: authenticator.id,
  });
  expect(credentials).toHaveLength(1);

  // A browser without Keycloak's session: Keycloak's login page asks the browser for a
  // passkey as it loads (conditional mediation, the username field marked `webauthn` for
  // autofill; the "sign in with a passkey" button beside the form does the same by a
  // click). Chromium's virtual authenticator answers that request at once, as a person
  // picking the passkey from the autofill list: nothing is typed, no password sent.
  await page.context().clearCookies();
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  const assertion = page.waitForRequest(
    (r) =>
      r.method() === "POST" &&
      r.url().startsWith(`${issuerOf()}/login-actions/authenticate`) &&
      (r.postData() ?? "").includes("authenticatorData="),
  );
  await page.goto(routePath("profile"));
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  // It was Keycloak's page (its authorization endpoint), and what it took was the
  // authenticator's signed assertion, not a password.
  expect(visited.some((url) => url.startsWith(`${issuerOf()}/protocol/openid-connect/auth`))).toBe(
    true,
  );
  const posted = new URLSearchParams((await assertion).postData() ?? "");
  const registered = Buffer.from(credentials[0]?.credentialId ?? "", "base64");
  expect(Buffer.from(posted.get("credentialId") ?? "", "base64url")).toEqual(registered);
  expect(posted.has("password")).toBe(false);
  const after = await authenticator.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: authenticator.id,
  });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);
});
