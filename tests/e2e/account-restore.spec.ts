import { routePath } from "@portal/core";
import { signInOverHttp } from "../src/support/oidc-sign-in.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { enter, qa } from "./support/qa.js";
import { signIn } from "./support/sign-in.js";

// Issue 34: with DELETION_GRACE_DAYS the confirmation click closes the account (no
// sign-in, no mails but the confirmation) and the confirmation mail's restore link brings
// it back with the password, until the retention purge erases it. This file's portal has a
// grace period of 14 days.
test.use({ portalOptions: { companySeedCount: 500, env: { DELETION_GRACE_DAYS: "14" } } });

test("a deletion with a grace period: confirm, sign-in refused, restore from the mail, signed in again with the data", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "restore");
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  await page.goto(routePath("request-account-deletion"));
  await a11y.scan(page, "(request deletion)");
  // Issue 46: the page and its dialog say closed now, erased after 14 days, not "cannot be
  // undone" (the app reads the days from config.json).
  await expect(qa(page, "request-account-deletion-page")).toContainText("14 Tage später");
  await qa(page, "request-account-deletion-submit").click();
  const dialog = qa(page, "request-account-deletion-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("nach 14 Tagen");
  await expect(dialog).not.toContainText("nicht rückgängig");
  await qa(dialog, "request-account-deletion-dialog-confirm").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("request-account-deletion-success"));
  await a11y.scan(page, "(deletion mail sent)");

  // The last click says what it does with a grace period: close now, erase in 14 days.
  const link = await outbox.nextLink(account.email, routePath("confirm-account-deletion"));
  await page.goto(link.href);
  await expect(qa(page, "confirm-account-deletion-ask")).toContainText("14");
  await a11y.scan(page, "(deletion link with a grace period)");
  await qa(page, "confirm-account-deletion-submit").click();
  await expect(qa(page, "confirm-account-deletion-success")).toBeVisible();
  await a11y.scan(page, "(account closed)");

  // Closed: the provider refuses the password as for an unknown account.
  await expect(signInOverHttp(portal.url, account.email, account.password)).rejects.toThrow();

  // The one mail: when it is erased, and the restore link.
  const restoreLink = await outbox.nextLink(account.email, routePath("restore-account"));
  await page.goto(restoreLink.href);
  await expect(qa(page, "restore-account-page")).toBeVisible();
  await a11y.scan(page, "(restore page)");
  // Issue 46: a wrong password is said at the field alone, no failure dialog first.
  await enter(qa(page, "restore-account-password"), `${account.password}x`);
  await qa(page, "restore-account-submit").click();
  await expect(qa(page, "restore-account-password")).toHaveAttribute("aria-invalid", "true");
  await expect(qa(page, "restore-account-password")).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await a11y.scan(page, "(restore page: wrong password)");
  await enter(qa(page, "restore-account-password"), account.password);
  await qa(page, "restore-account-submit").click();
  await expect(qa(page, "restore-account-success")).toBeVisible();
  await a11y.scan(page, "(account restored)");
  // Issue 46: the restore is mailed, with the "This wasn't me" link of every alert.
  const restored = await outbox.next(account.email, { subject: /wiederhergestellt/ });
  expect(restored.links.some((l) => l.includes(routePath("secure-account")))).toBe(true);

  // Open again: signed in through the app, the profile holds the data as before.
  await expect(qa(page, "restore-account-login")).toHaveAttribute("href", routePath("login"));
  await signIn(page, a11y, account);
  await expect(qa(qa(page, "profile-form"), "profile-given-name")).toHaveValue(account.givenName);
  await expect(qa(qa(page, "profile-form"), "profile-sur-name")).toHaveValue(account.surName);
  await a11y.scan(page, "(profile after the restore)");
});
