import { routePath } from "@portal/core";
import { linkIn } from "../src/support/outbox.js";
import { uniquePassword } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { enter, qa } from "./support/qa.js";
import { signIn, submitProviderLogin } from "./support/sign-in.js";

// Issue 34, "This wasn't me", walked from the mail: whoever is in the account changes the
// password; the owner follows the alert's link, confirms once, and every sign-in ends; the
// password now known to the intruder is refused with the way out; the reset mailed by the
// securing lets the owner back in.

test("an alert's \"This wasn't me\" link secures the account until a reset by mail", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  // A long journey (two sign-ins, a password change and a reset): three times the usual time.
  test.slow();
  const account = await confirmedAccount(portal, outbox, "secure");
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");

  // Whoever is signed in sets a password of their own.
  const intruders = uniquePassword();
  await qa(page, "profile-change-password").click();
  const form = qa(page, "change-password-form");
  await expect(form).toBeVisible();
  await a11y.scan(page, "(change password)");
  await enter(qa(form, "change-password-old"), account.password);
  await enter(qa(form, "change-password-new"), intruders);
  await enter(qa(form, "change-password-confirmation"), intruders);
  await qa(form, "change-password-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("change-password-success"));
  await a11y.scan(page, "(password changed)");

  // The owner's mailbox: the alert with its "This wasn't me" button.
  const alert = await outbox.next(account.email, { subject: /Ihr Passwort wurde geändert/ });
  expect(alert.text).toContain("Das war ich nicht: Konto sichern");
  const secureLink = linkIn(alert, routePath("secure-account"));

  // Opened in another tab (as from a mail program): opening does nothing, one click secures.
  const mailTab = await page.context().newPage();
  await mailTab.goto(secureLink.href);
  await expect(qa(mailTab, "secure-account")).toBeVisible();
  await expect(mailTab.getByRole("heading", { name: "Konto sichern?" })).toBeVisible();
  await a11y.scan(mailTab, "(secure account)");
  await qa(mailTab, "secure-account-submit").click();
  await expect(qa(mailTab, "secure-account-success")).toBeVisible();
  await a11y.scan(mailTab, "(account secured)");
  // The link is spent: a second visit says the account is secured already, on opening,
  // without a button (issue 46), and the page hydrates its frame without a difference.
  const consoleErrors: string[] = [];
  mailTab.on("console", (m) => void (m.type() === "error" && consoleErrors.push(m.text())));
  await mailTab.goto(secureLink.href);
  await expect(qa(mailTab, "secure-account-used")).toBeVisible();
  await expect(
    mailTab.getByRole("heading", { name: "Ihr Konto ist bereits gesichert" }),
  ).toBeVisible();
  await expect(qa(mailTab, "secure-account-submit")).toHaveCount(0);
  await a11y.scan(mailTab, "(secure link already used)");
  expect(consoleErrors).toEqual([]);
  await mailTab.close();

  // The intruder's tab loses the account within the session check's interval (the expect's
  // own wait, no sleep), and the profile asks for a sign-in again.
  await expect(qa(page, "signed-out-notice")).toBeVisible();
  await a11y.scan(page, "(signed out by securing)");
  await page.goto(routePath("profile"));
  await expect(page.locator("#kc-form-login")).toBeVisible();
  // The password the intruder set is refused with the way out; nothing else opens.
  await submitProviderLogin(page, a11y, { email: account.email, password: intruders });
  await expect(page.locator('[data-qa="login-secured"]')).toBeVisible();
  await a11y.scan(page, "(sign-in refused: account secured)");

  // The securing mailed a reset link and what happened.
  await outbox.next(account.email, { subject: /Ihr Konto ist gesichert/ });
  const resetLink = await outbox.nextLink(account.email, routePath("password-reset"));
  const owners = uniquePassword();
  await page.goto(resetLink.href);
  const reset = qa(page, "password-reset-form");
  await expect(reset).toBeVisible();
  await a11y.scan(page, "(password reset)");
  await enter(qa(reset, "password-reset-new-password"), owners);
  await enter(qa(reset, "password-reset-confirmation-password"), owners);
  await qa(reset, "password-reset-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("password-reset-success"));
  await a11y.scan(page, "(password reset done)");

  // Back in with the new password; the activity names what happened.
  await signIn(
    page,
    a11y,
    { email: account.email, password: owners },
    {
      path: routePath("sign-in-devices"),
    },
  );
  await expect(qa(page, "activity-account-secured")).toBeVisible();
  await expect(qa(page, "secure-account-card")).toBeVisible();
  await a11y.scan(page, "(sign-in & devices after securing)");

  // Issue 46: securing from the signed-in page signs this browser out and says the account
  // is secured, with the reset mail as the way in: no "sign in again" that cannot work.
  await qa(page, "secure-account-open").click();
  await qa(page, "secure-account-dialog-confirm").click();
  await expect(qa(page, "account-secured")).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === routePath("home"));
  await expect(qa(page, "signed-out-sign-in")).toHaveCount(0);
  await a11y.scan(page, "(secured from the security page)");
  await outbox.next(account.email, { subject: /Ihr Konto ist gesichert/ });
});
