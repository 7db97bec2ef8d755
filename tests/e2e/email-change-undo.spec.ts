import type { Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { type TestAccount, uniqueAccount, uniquePassword } from "./support/accounts.js";
import type { A11yWatch } from "./support/axe.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { enter, qa } from "./support/qa.js";
import { signIn, signOut, submitProviderLogin } from "./support/sign-in.js";

// Issue 29's blocker, walked both ways: (a) whoever changed the address is stopped by the
// fix the alert recommends (a new password by "password forgotten"); (b) a confirmed
// change is undone from the old address's mail, as Google does.

/** Signed in as `account`, asks on the profile for a change to `newEmail`. */
const requestChange = async (page: Page, a11y: A11yWatch, newEmail: string) => {
  await a11y.scan(page, "(profile)");
  await qa(page, "profile-change-email").click();
  await expect(qa(page, "change-mail-address-form")).toBeVisible();
  await a11y.scan(page, "(change e-mail)");
  await enter(qa(page, "change-mail-address-new-email"), newEmail);
  await qa(page, "change-mail-address-new-email").blur();
  await qa(page, "change-mail-address-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("change-mail-address-success"));
  await a11y.scan(page, "(change e-mail sent)");
};

/** "Password forgotten" for `email`, then the mailed link sets `password`. */
const resetPassword = async (
  page: Page,
  a11y: A11yWatch,
  outbox: { nextLink(to: string, path: string): Promise<URL> },
  email: string,
  password: string,
) => {
  await page.goto(routePath("password-forgotten"));
  await expect(qa(page, "password-forgotten-form")).toBeVisible();
  await a11y.scan(page, "(password forgotten)");
  await enter(qa(page, "password-forgotten-email"), email);
  await qa(page, "password-forgotten-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("password-forgotten-success"));
  await a11y.scan(page, "(reset mail sent)");
  await page.goto((await outbox.nextLink(email, routePath("password-reset"))).href);
  const reset = qa(page, "password-reset-form");
  await expect(reset).toBeVisible();
  await a11y.scan(page, "(password reset)");
  await enter(qa(reset, "password-reset-new-password"), password);
  await enter(qa(reset, "password-reset-confirmation-password"), password);
  await qa(reset, "password-reset-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("password-reset-success"));
  await a11y.scan(page, "(password reset done)");
};

const signInAgain = async (page: Page, a11y: A11yWatch, account: TestAccount) => {
  await qa(page, "password-reset-success-login").click();
  await submitProviderLogin(page, a11y, account);
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  await expect(qa(page, "profile-pending-email")).toHaveCount(0);
};

test("an attacker's e-mail change is retired by the password reset the alert recommends", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "undo-reset");
  const attacker = uniqueAccount("undo-attacker").email;
  await signIn(page, a11y, account);
  await requestChange(page, a11y, attacker);
  const changeLink = await outbox.nextLink(attacker, routePath("change-mail-address-optin"));
  await signOut(page, a11y);

  // The owner reads the alert and follows its advice: a new password.
  const alert = await outbox.next(account.email, {
    subject: /Änderung Ihrer E-Mail-Adresse angefordert/,
  });
  expect(alert.text).toMatch(/Zeitpunkt: .+\(Mitteleuropäische (Normal|Sommer)zeit\)/);
  const newPassword = uniquePassword();
  await resetPassword(page, a11y, outbox, account.email, newPassword);

  // The attacker's link is dead; the account keeps its address.
  await page.goto(changeLink.href);
  await expect(qa(page, "change-mail-address-optin-failure")).toBeVisible();
  await a11y.scan(page, "(change link retired by the reset)");
  await page.goto(routePath("password-reset-success"));
  await a11y.scan(page, "(password reset done)");
  await signInAgain(page, a11y, { ...account, password: newPassword });
});

test("the alert's cancel link cancels the change after one click", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "undo-cancel");
  const attacker = uniqueAccount("undo-attacker").email;
  await signIn(page, a11y, account);
  await requestChange(page, a11y, attacker);
  const changeLink = await outbox.nextLink(attacker, routePath("change-mail-address-optin"));
  const cancelLink = await outbox.nextLink(account.email, routePath("cancel-mail-address-change"));

  // Opening the link (as a mail gateway does) changes nothing; the click does.
  await page.goto(cancelLink.href);
  await expect(qa(page, "cancel-mail-address-change")).toBeVisible();
  await a11y.scan(page, "(cancel e-mail change)");
  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-pending-email-text")).toContainText(attacker);
  await a11y.scan(page, "(profile: change still pending)");
  await page.goto(cancelLink.href);
  await qa(page, "cancel-mail-address-change-submit").click();
  await expect(qa(page, "cancel-mail-address-change-success")).toBeVisible();
  await expect(qa(page, "cancel-mail-address-change-set-password")).toBeVisible();
  await a11y.scan(page, "(e-mail change cancelled)");

  await page.goto(changeLink.href);
  await expect(qa(page, "change-mail-address-optin-failure")).toBeVisible();
  await a11y.scan(page, "(change link cancelled)");
  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  await expect(qa(page, "profile-pending-email")).toHaveCount(0);
});

test("the profile cancels a pending change beside the pending address", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "undo-profile");
  const other = uniqueAccount("undo-other").email;
  await signIn(page, a11y, account);
  await requestChange(page, a11y, other);
  const changeLink = await outbox.nextLink(other, routePath("change-mail-address-optin"));
  await page.goto(routePath("profile"));
  await qa(page, "profile-pending-email-cancel").click();
  await expect(qa(page, "profile-pending-email-cancelled")).toBeFocused();
  await a11y.scan(page, "(profile: change cancelled)");
  await page.goto(changeLink.href);
  await expect(qa(page, "change-mail-address-optin-failure")).toBeVisible();
  await a11y.scan(page, "(change link cancelled)");
});

test("a confirmed change is reverted from the old address: restored, signed out, signs in again", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "undo-revert");
  const attacker = uniqueAccount("undo-attacker").email;
  await signIn(page, a11y, account);
  await requestChange(page, a11y, attacker);
  await page.goto((await outbox.nextLink(attacker, routePath("change-mail-address-optin"))).href);
  await expect(qa(page, "change-mail-address-optin-success")).toBeVisible();
  await a11y.scan(page, "(e-mail change confirmed)");

  // The old address's mail has the way back.
  const changed = await outbox.next(account.email, { linkPath: routePath("revert-mail-address") });
  expect(changed.subject).toMatch(/E-Mail-Adresse wurde geändert/);
  const revertLink = new URL(
    changed.links.find((l) => new URL(l).pathname === routePath("revert-mail-address")) ?? "",
  );
  await page.goto(revertLink.href);
  await expect(qa(page, "revert-mail-address")).toBeVisible();
  await a11y.scan(page, "(revert e-mail change)");
  await qa(page, "revert-mail-address-submit").click();
  await expect(qa(page, "revert-mail-address-success")).toBeVisible();
  await a11y.scan(page, "(e-mail change reverted)");

  // Every session ended: the profile asks for a sign-in again.
  await page.goto(routePath("profile"));
  await expect(page.locator("#kc-form-login")).toBeVisible();
  await a11y.scan(page, "(provider login after the revert)");

  // The restored address is told, with the way to a new password; it signs in again
  // (with its password, which the revert left as it was).
  await outbox.next(account.email, {
    subject: /bisherige E-Mail-Adresse gilt wieder/,
    linkPath: routePath("password-forgotten"),
  });
  await submitProviderLogin(page, a11y, account);
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  await expect(qa(page, "profile-pending-email")).toHaveCount(0);
});
