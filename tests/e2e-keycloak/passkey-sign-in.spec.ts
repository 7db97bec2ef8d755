import { routePath } from "@portal/core";
import { addVirtualAuthenticator } from "../e2e/support/passkeys.js";
import { qa } from "../e2e/support/qa.js";
import { openSecurity } from "../e2e/support/second-factor.js";
import { signIn } from "../e2e/support/sign-in.js";
import { expect, test } from "./fixtures.js";
import { addKeycloakPasskey, issuerOf } from "./keycloak-steps.js";
import { provisionedAccount } from "./provisioned-account.js";

// Issue 47 item 3: a passkey registered through Keycloak's webauthn-register-passwordless
// signs the person in on Keycloak's own page without the password. The realm switches on
// Keycloak's passkeys (webAuthnPolicyPasswordlessPasskeysEnabled, docs/keycloak.md
// "Passkeys"): the stock browser flow's username-password form then offers "sign in with a
// passkey" and passkey autofill (conditional UI).

test("passkey: registered from the security page, then a sign-in on Keycloak's page with it and no password", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const account = await provisionedAccount(portal.url, outbox, "kc-passkey-in");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  await addKeycloakPasskey(page, a11y, "Laptop");
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
