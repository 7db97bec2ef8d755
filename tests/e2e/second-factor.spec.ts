import { routePath } from "@portal/core";
import { codeIn } from "../src/support/outbox.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { qa } from "./support/qa.js";
import {
  backOnSecurity,
  configureEmailCode,
  configureTotp,
  LOGIN_CODE_SUBJECT,
  openSecurity,
} from "./support/second-factor.js";
import { signIn, signOut } from "./support/sign-in.js";

// Spec sections 2 and 4, "Two-factor: inactive or active by method; EMAIL can be upgraded to
// AUTHENTICATOR_APP; deactivate available", through the provider's application-initiated
// actions (CONFIGURE_TOTP, CONFIGURE_EMAIL_OTP, delete_credential).

test("authenticator app: activate with a computed code, sign in with it, deactivate", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "totp");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  // None active: both offered, the app recommended.
  await expect(qa(page, "security-offer-app")).toBeVisible();
  await expect(qa(page, "security-offer-email")).toBeVisible();

  await expect(qa(page, "security-2fa-state")).toHaveText("Aus");
  await qa(page, "security-activate-app").click();
  // Issue 29: the key can be copied, and opened in an app on this phone (otpauth:).
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await qa(page, "totp-copy-key").click();
  await expect(qa(page, "totp-copy-key-status")).toHaveText("In die Zwischenablage kopiert.");
  const key = ((await qa(page, "totp-secret").textContent()) ?? "").replace(/\s+/g, "");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(qa(page, "totp-open-in-app")).toHaveAttribute(
    "href",
    new RegExp(`^otpauth://totp/.*[?&]secret=${key}(&|$)`),
  );
  const authenticator = await configureTotp(page, a11y);
  await backOnSecurity(page, a11y);
  await expect(qa(page, "security-app-active")).toBeVisible();
  await expect(qa(page, "security-deactivate-app")).toBeVisible();
  await expect(qa(page, "security-2fa-state")).toHaveText("Ein: Authenticator-App");

  // Issue 29: the step offers another way; with nothing else, cancelling the sign-in.
  await signOut(page, a11y);
  await page.goto(routePath("profile"));
  await page.locator('#kc-form-login [name="username"]').fill(account.email);
  await page.locator('#kc-form-login [name="password"]').fill(account.password);
  await page.locator("#kc-login").click();
  await expect(qa(page, "otp-input")).toBeVisible();
  await expect(qa(page, "other-ways")).toContainText("Auf andere Weise bestätigen");
  await expect(qa(page, "other-ways-none")).toBeVisible();
  await a11y.scan(page, "(second factor: app, other ways)");
  await qa(page, "second-factor-cancel").click();
  await expect(page).toHaveURL((u) => !u.pathname.startsWith("/realms/"));
  await a11y.scan(page, "(portal after a cancelled sign-in)");
  await page.goto(routePath("profile"));
  await expect(page.locator("#kc-form-login")).toBeVisible();
  await a11y.scan(page, "(sign-in again after cancelling)");

  await signIn(page, a11y, account, { factor: { kind: "totp", authenticator } });
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(profile after sign-in with the app)");

  await openSecurity(page, a11y);
  await qa(page, "security-deactivate-app").click();
  await expect(qa(page, "delete-credential-form")).toBeVisible();
  await a11y.scan(page, "(confirm deactivation)");
  await qa(page, "delete-credential-confirm").click();
  await backOnSecurity(page, a11y);
  await expect(qa(page, "security-activate-app")).toBeVisible();

  // Without a factor the password alone signs in again.
  await signOut(page, a11y);
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(profile after sign-in with the password only)");
});

test("e-mail codes: activate, sign in with a mailed code, upgrade to the authenticator app", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "email-otp");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  await qa(page, "security-activate-email").click();
  await configureEmailCode(page, a11y, outbox, account.email);
  await backOnSecurity(page, a11y);
  await expect(qa(page, "security-email-active")).toBeVisible();
  // E-mail active: the upgrade to the app is offered.
  await expect(qa(page, "security-upgrade-app")).toBeVisible();

  await signOut(page, a11y);
  await signIn(page, a11y, account, {
    factor: {
      kind: "email",
      code: async () => codeIn(await outbox.next(account.email, { subject: LOGIN_CODE_SUBJECT })),
    },
  });
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(profile after sign-in with an e-mail code)");

  await openSecurity(page, a11y);
  await qa(page, "security-upgrade-app").click();
  await expect(qa(page, "totp-replaces-email")).toBeVisible();
  const authenticator = await configureTotp(page, a11y);
  await backOnSecurity(page, a11y);
  await expect(qa(page, "security-app-active")).toBeVisible();
  await expect(qa(page, "security-email-active")).toHaveCount(0);

  await signOut(page, a11y);
  await signIn(page, a11y, account, { factor: { kind: "totp", authenticator } });
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(profile after sign-in with the app)");
});
