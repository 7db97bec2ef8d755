import { routePath } from "@portal/core";
import { uniquePassword } from "../e2e/support/accounts.js";
import { addVirtualAuthenticator } from "../e2e/support/passkeys.js";
import { enter, qa } from "../e2e/support/qa.js";
import { backOnSecurity, openSecurity } from "../e2e/support/second-factor.js";
import { signIn } from "../e2e/support/sign-in.js";
import { Authenticator } from "../e2e/support/totp.js";
import { expect, test } from "./fixtures.js";
import { addKeycloakPasskey, issuerOf, submitKeycloakPassword } from "./keycloak-steps.js";
import { provisionedAccount } from "./provisioned-account.js";

// Issue 47 item 5: second factors set up through Keycloak's own application-initiated
// actions, as the web app starts them, and signed in with on Keycloak's pages.

/**
 * Sets up the authenticator app through Keycloak's CONFIGURE_TOTP (the key as text, "Unable
 * to scan?", a code computed from it), back on the page.
 */
const setUpApp = async (
  page: import("@playwright/test").Page,
  a11y: Parameters<typeof openSecurity>[1],
): Promise<Authenticator> => {
  await qa(page, "security-activate-app").click();
  await page.locator("#mode-manual").click();
  const authenticator = new Authenticator(
    (await page.locator("#kc-totp-secret-key").textContent()) ?? "",
  );
  await page.locator("#totp").fill(await authenticator.nextCode());
  await page.locator("#saveTOTPBtn").click();
  await backOnSecurity(page, a11y);
  return authenticator;
};

test("authenticator app: Keycloak's CONFIGURE_TOTP from the security page, then a sign-in with it", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await provisionedAccount(portal.url, outbox, "kc-totp");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  const authenticator = await setUpApp(page, a11y);
  // keycloak-js reported the action's success, and the page reads Keycloak's credentials
  // (GET /persons/me/credentials in Keycloak mode): the app is Active, nothing says "off",
  // and no e-mail codes are offered (Keycloak ships none).
  await expect(qa(page, "security-app-active")).toBeVisible();
  await expect(qa(page, "security-2fa-state")).toHaveAttribute("data-state", "on");
  await expect(qa(page, "security-offer-email")).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto(routePath("profile"));
  await submitKeycloakPassword(page, account);
  expect(page.url().startsWith(issuerOf())).toBe(true);
  await page.locator('[name="otp"]').fill(await authenticator.nextCode());
  await page.locator("#kc-login").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
  await expect(qa(page, "profile-email")).toHaveText(account.email);

  // Deactivate: Keycloak's delete_credential:{id} with the id the page listed.
  await openSecurity(page, a11y);
  await qa(page, "security-deactivate-app").click();
  expect(page.url().startsWith(issuerOf())).toBe(true);
  await page.locator("#kc-accept").click();
  await backOnSecurity(page, a11y);
  await expect(qa(page, "security-activate-app")).toBeVisible();
  await expect(qa(page, "security-2fa-state")).toHaveAttribute("data-state", "off");
});

test("passkey: Keycloak's webauthn-register-passwordless from the security page, with a virtual authenticator", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  // A platform authenticator with resident keys that verifies the user at once (CDP).
  const { cdp, id: authenticatorId } = await addVirtualAuthenticator(page);
  const account = await provisionedAccount(portal.url, outbox, "kc-passkey");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  await addKeycloakPasskey(page, a11y, "Laptop");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  // The page lists Keycloak's passkey with the label given there.
  await expect(qa(page, "passkey-name")).toHaveText("Laptop");
  await expect(qa(page, "passkey-dates")).toBeVisible();
  await a11y.scan(page, "(security with Keycloak's passkey)");

  // "This wasn't me": the user sync removes every factor Keycloak's user had before the
  // securing; after the reset the owner signs in with the new password alone and reads in
  // the activity what was removed.
  await page.goto(routePath("sign-in-devices"));
  await qa(page, "secure-account-open").click();
  await qa(page, "secure-account-dialog-confirm").click();
  await expect(qa(page, "account-secured")).toBeVisible();
  const resetLink = await outbox.nextLink(account.email, routePath("password-reset"));
  const newPassword = uniquePassword();
  await page.goto(resetLink.href);
  const reset = qa(page, "password-reset-form");
  await enter(qa(reset, "password-reset-new-password"), newPassword);
  await enter(qa(reset, "password-reset-confirmation-password"), newPassword);
  await qa(reset, "password-reset-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("password-reset-success"));
  // Chromium's virtual authenticator answers the login page's passkey request at once with
  // the passkey Keycloak no longer has, and Keycloak 26.7.3 shows the page again with the
  // same request: a loop no person meets (they pick the password). The owner's
  // authenticator forgets it here, as they would remove it from their password manager.
  await cdp.send("WebAuthn.clearCredentials", { authenticatorId });
  await signIn(page, a11y, { ...account, password: newPassword });
  await openSecurity(page, a11y);
  await expect(qa(page, "passkeys-none")).toBeVisible();
  await expect(qa(page, "activity-factor-removed-when-secured")).toContainText("Laptop");
});

test("recovery codes: Keycloak's CONFIGURE_RECOVERY_AUTHN_CODES from the security page, then a sign-in with one", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await provisionedAccount(portal.url, outbox, "kc-codes");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  await setUpApp(page, a11y);
  // The page offers the codes right after the app (the realm's flow takes them).
  await qa(page, "security-recovery-codes-create").click();
  expect(page.url().startsWith(issuerOf())).toBe(true);
  const codes = (await page.locator("#kc-recovery-codes-list li").allTextContents()).map((c) =>
    c.trim(),
  );
  expect(codes).toHaveLength(12);
  await page.locator("#kcRecoveryCodesConfirmationCheck").check();
  await page.locator("#saveRecoveryAuthnCodesBtn").click();
  await backOnSecurity(page, a11y);
  // Keycloak's recovery-authn-codes credential, read by the server: all twelve left.
  await expect(qa(page, "security-recovery-codes-remaining")).toContainText("12");

  // Keycloak's sign-in: the password, then the app's code is asked ("portal browser"
  // flow); "try another way" offers the codes, and the one Keycloak names signs in.
  await page.context().clearCookies();
  await page.goto(routePath("profile"));
  await submitKeycloakPassword(page, account);
  await expect(page.locator('[name="otp"]')).toBeVisible();
  await page.locator("#try-another-way").click();
  const ways = page.locator('[data-qa="kc-way"]');
  // The app and the codes, in the flow's order (the app first).
  await expect(ways).toHaveCount(2);
  await ways.nth(1).click();
  const label = (await page.locator('label[for="recoveryCodeInput"]').textContent()) ?? "";
  const number = Number(/(\d+)/.exec(label)?.[1]);
  expect(number).toBeGreaterThanOrEqual(1);
  await page.locator("#recoveryCodeInput").fill((codes[number - 1] ?? "").replace(/-/g, ""));
  await page.locator("#kc-login").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  // One code used: eleven left.
  await openSecurity(page, a11y);
  await expect(qa(page, "security-recovery-codes-remaining")).toContainText("11");
});

test("passkey as second factor: after the password Keycloak's flow asks for the passkey", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const { cdp, id: authenticatorId } = await addVirtualAuthenticator(page);
  const account = await provisionedAccount(portal.url, outbox, "kc-passkey-2fa");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  await addKeycloakPasskey(page, a11y, "Laptop");
  // The realm's flow asks for it after the password: the page counts it as two-factor on.
  await expect(qa(page, "passkey-name")).toHaveText("Laptop");
  await expect(qa(page, "security-2fa-state")).toHaveAttribute("data-state", "on");

  // The login page's passkey autofill waits for a person (no automatic answer), who types
  // the password instead; then Keycloak asks for the passkey (webauthn-authenticate.ftl).
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: false });
  await page.context().clearCookies();
  await page.goto(routePath("profile"));
  await submitKeycloakPassword(page, account);
  await expect(page.locator("#kc-form-webauthn")).toBeAttached();
  expect(page.url().startsWith(issuerOf())).toBe(true);
  const before = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: true });
  await page.locator("#authenticateWebAuthnButton").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  // The authenticator signed: its counter went up.
  const after = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  expect(after[0]?.signCount).toBeGreaterThan(before[0]?.signCount ?? 0);
});
