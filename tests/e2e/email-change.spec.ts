import { routePath } from "@portal/core";
import { uniqueAccount } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { expectResendOnTextColumn } from "./support/layout.js";
import { enter, qa } from "./support/qa.js";
import { signIn, submitProviderLogin } from "./support/sign-in.js";

// Spec section 4: "E-mail change: request, confirmation mail, confirm, then log in again with
// the new address."

test("e-mail change: confirmation mail to the new address, confirm, sign in with it", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  // A long journey (several saves, reloads or sign-ins): three times the usual time.
  test.slow();
  const account = await confirmedAccount(portal, outbox, "email-change");
  const newEmail = uniqueAccount("email-new").email;
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  await a11y.scan(page, "(profile)");

  await qa(page, "profile-change-email").click();
  await expect(qa(page, "change-mail-address-form")).toBeVisible();
  await expect(qa(page, "change-mail-address-current")).toHaveText(account.email);
  await a11y.scan(page, "(change e-mail)");
  // Spec section 5: the new address must differ from the current one.
  await enter(qa(page, "change-mail-address-new-email"), account.email);
  await qa(page, "change-mail-address-new-email").blur();
  await expect(qa(page, "change-mail-address-form")).toContainText(/./);
  await expect(qa(page, "change-mail-address-submit")).toBeDisabled();

  await enter(qa(page, "change-mail-address-new-email"), newEmail);
  await qa(page, "change-mail-address-new-email").blur();
  await qa(page, "change-mail-address-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("change-mail-address-success"));
  await expect(qa(page, "change-mail-address-success-text")).toContainText(newEmail);
  await expectResendOnTextColumn(page, "change-mail-address-success");
  await a11y.scan(page, "(change e-mail sent)");
  // Until the link is followed the profile shows the old address and the pending change.
  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  await expect(qa(page, "profile-pending-email-text")).toContainText(newEmail);
  await expect(qa(page, "profile-pending-email-resend")).toBeVisible();

  // Issue 18: the old address is alerted to the request at once, with a way to secure the account.
  const alert = await outbox.next(account.email, {
    subject: /Änderung Ihrer E-Mail-Adresse angefordert/,
  });
  expect(alert.text).toContain(newEmail);
  expect(alert.links.some((l) => l.endsWith(routePath("password-forgotten")))).toBe(true);
  const link = await outbox.nextLink(newEmail, routePath("change-mail-address-optin"));
  await page.goto(link.href);
  await expect(qa(page, "change-mail-address-optin-success")).toBeVisible();
  await a11y.scan(page, "(e-mail change confirmed)");
  // The old address is told that the address changed (issue 3).
  await outbox.next(account.email, {
    subject: /E-Mail-Adresse wurde geändert/,
    text: new RegExp(newEmail.replace(/[.]/g, "\\.")),
  });

  // "Success asks to log in again": its button opens the sign-in form (not the registration)
  // and leads back to the profile. Confirming ended every sign-in (issue 46), this
  // browser's too: the plain sign-in form, not a confirmation of a signed-in person.
  await qa(page, "change-mail-address-optin-login").click();
  await expect(page.locator("#kc-form-login")).toHaveAttribute("data-qa", "login-form");
  await submitProviderLogin(page, a11y, { email: newEmail, password: account.password });
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
  await expect(qa(page, "profile-email")).toHaveText(newEmail);
  await expect(qa(page, "profile-pending-email")).toHaveCount(0);
  await a11y.scan(page, "(profile with the new address)");
});

test("an unknown e-mail-change confirmation link fails and leads back to the profile", async ({
  page,
  a11y,
}) => {
  await page.goto(`${routePath("change-mail-address-optin")}?optinId=not-a-real-token`);
  await expect(qa(page, "change-mail-address-optin-failure")).toBeVisible();
  await expect(qa(page, "change-mail-address-optin-profile")).toBeVisible();
  await a11y.scan(page, "(e-mail change failed)");
});
