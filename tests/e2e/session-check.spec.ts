import { routePath } from "@portal/core";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { qa } from "./support/qa.js";
import { signIn, signOut } from "./support/sign-in.js";

// Issue 29. Spec section 9: the session check runs every 5 s, so a tab signed out elsewhere
// stops showing personal data within that interval (another tab still showed the profile
// 12 s later). A sign-out ends at the base path (spec), which now says so.

test("a sign-out in one tab ends the other tab's profile within the check's interval; both say 'signed out'", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "session-check");
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  const other = await page.context().newPage();
  await other.goto(routePath("profile"));
  await expect(qa(other, "profile-page")).toBeVisible();

  await signOut(page, a11y);
  // The base path's registration form says what happened, with the way back in.
  await expect(qa(page, "signed-out-notice")).toBeVisible();
  await expect(qa(page, "signed-out-sign-in")).toHaveAttribute("href", routePath("login"));
  await a11y.scan(page, "(signed out: the notice)");

  // The other tab: the profile goes within the check's 5 s (the expect's own wait, no sleep).
  await expect(qa(other, "profile-page")).toBeHidden();
  await expect(qa(other, "signed-out-notice")).toBeVisible();
  await expect(other.getByText(account.email)).toHaveCount(0);
  await other.close();
});

test("a heading focused after a redirect shows no ring to a mouse user, the ring to a keyboard user", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "focus-ring");
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  // A page load (as after any redirect) whose heading takes the focus for screen readers.
  await page.goto(routePath("request-account-deletion-success"));
  const heading = qa(page, "request-account-deletion-success-title");
  await expect(heading).toBeFocused();
  await expect(heading).toHaveCSS("outline-style", "none");
  await a11y.scan(page, "(deletion mail sent: heading focused)");
  // After a key, the same focus shows the ring.
  await page.keyboard.press("Escape");
  await heading.evaluate((h) => {
    (h as HTMLElement).blur();
    (h as HTMLElement).focus();
  });
  await expect(heading).toHaveCSS("outline-style", "solid");
});
