import { routePath } from "@portal/core";
import { codeIn, linkIn } from "../src/support/outbox.js";
import { uniquePassword } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { addVirtualAuthenticator, scanBoth, WIDE } from "./support/passkeys.js";
import { enter, qa } from "./support/qa.js";
import {
  backOnSecurity,
  configureTotp,
  LOGIN_CODE_SUBJECT,
  openSecurity,
} from "./support/second-factor.js";
import { signIn, submitProviderLogin } from "./support/sign-in.js";

// Issue 46, both blockers walked: someone who knows the password adds a passkey and an
// authenticator app; the owner follows the alert's "This wasn't me" and sets a new password
// as the mail says. The intruder's passkey is refused, the intruder's app is not asked for:
// the owner signs in with the new password and a mailed code, sees both suspended with where
// they were set up, and removes them.

test("after \"This wasn't me\" the intruder's passkey and app sign nobody in; the owner reviews them", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  // Two sign-ins, two set-ups, a reset and two removals: three times the usual time.
  test.slow();
  await page.setViewportSize(WIDE);
  // The intruder's browser: a platform authenticator, and no passkey autofill, so the
  // sign-in page offers "Sign in with a passkey" as a button.
  await addVirtualAuthenticator(page);
  await page.addInitScript(() => {
    if (window.PublicKeyCredential) {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    }
  });
  const account = await confirmedAccount(portal, outbox, "intruded");

  // The intruder, with the password: a passkey, then an authenticator app.
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  await openSecurity(page, a11y);
  await qa(page, "passkey-add").click();
  await expect(qa(page, "passkey-register-form")).toBeVisible();
  await a11y.scan(page, "(register passkey)");
  await qa(page, "passkey-register-name").fill("Fremder Laptop");
  await qa(page, "passkey-register-name").press("Enter");
  await backOnSecurity(page, a11y);
  await qa(page, "security-activate-app").click();
  await configureTotp(page, a11y);
  await backOnSecurity(page, a11y);

  // The owner's mailbox: the passkey alert with "This wasn't me", opened in another tab.
  const alert = await outbox.next(account.email, { subject: /Passkey/ });
  const owner = await page.context().newPage();
  await owner.goto(linkIn(alert, routePath("secure-account")).href);
  await expect(qa(owner, "secure-account")).toBeVisible();
  await a11y.scan(owner, "(secure account)");
  await qa(owner, "secure-account-submit").click();
  await expect(qa(owner, "secure-account-success")).toBeVisible();
  await a11y.scan(owner, "(account secured)");
  const secured = await outbox.next(account.email, { subject: /Ihr Konto ist gesichert/ });
  expect(secured.text).toContain("pausiert");
  const resetLink = await outbox.nextLink(account.email, routePath("password-reset"));
  const owners = uniquePassword();
  await owner.goto(resetLink.href);
  const reset = qa(owner, "password-reset-form");
  await expect(reset).toBeVisible();
  await a11y.scan(owner, "(password reset)");
  await enter(qa(reset, "password-reset-new-password"), owners);
  await enter(qa(reset, "password-reset-confirmation-password"), owners);
  await qa(reset, "password-reset-submit").click();
  await expect(owner).toHaveURL((u) => u.pathname === routePath("password-reset-success"));
  await expect(qa(owner, "password-reset-success-factors-paused")).toBeVisible();
  await a11y.scan(owner, "(password reset done)");

  // Blocker 1: the intruder's passkey opens nothing after the reset, and says why.
  await expect(qa(page, "signed-out-notice")).toBeVisible();
  await a11y.scan(page, "(signed out by securing)");
  await page.goto(routePath("profile"));
  await expect(qa(page, "passkey-login-start")).toBeVisible();
  await a11y.scan(page, "(provider login with passkey)");
  await qa(page, "passkey-login-start").click();
  await expect(qa(page, "passkey-suspended")).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname.startsWith("/realms/"));
  await scanBoth(page, a11y, "(passkey refused: suspended)");

  // Blocker 2: the owner signs in with the new password and a mailed code, not the app.
  await owner.goto(routePath("sign-in-devices"));
  await submitProviderLogin(owner, a11y, { email: account.email, password: owners });
  await expect(qa(owner, "suspended-factors-code")).toBeVisible();
  await scanBoth(owner, a11y, "(second factor: mailed code after securing)");
  const code = codeIn(await outbox.next(account.email, { subject: LOGIN_CODE_SUBJECT }));
  await owner.locator('[name="otp"]').fill(code);
  await owner.locator("#kc-login").click();
  await expect(owner).toHaveURL((u) => u.pathname === routePath("sign-in-devices"));

  // Both are listed as suspended, with the browser they were set up with; none is "on".
  const review = qa(owner, "suspended-factors");
  await expect(review).toBeVisible();
  await expect(qa(review, "suspended-factor")).toHaveCount(2);
  await expect(review).toContainText("Passkey „Fremder Laptop“");
  await expect(review).toContainText("Authenticator-App");
  await expect(qa(owner, "security-2fa-state")).toHaveText("Aus");
  await scanBoth(owner, a11y, "(sign-in & devices: suspended factors)");

  // The owner removes both at the provider; the review is gone after the last one.
  for (let left = 2; left > 0; left--) {
    await qa(review, "suspended-factor-remove").first().click();
    await expect(qa(owner, "delete-credential-form")).toBeVisible();
    await a11y.scan(owner, "(confirm removal of a suspended factor)");
    await qa(owner, "delete-credential-confirm").click();
    await expect(owner).toHaveURL((u) => u.pathname === routePath("sign-in-devices"));
    await expect(qa(owner, "security-status-success")).toBeVisible();
    await expect(qa(review, "suspended-factor")).toHaveCount(left - 1);
  }
  await expect(review).toHaveCount(0);
  await expect(qa(owner, "security-2fa-state")).toHaveText("Aus");
});
