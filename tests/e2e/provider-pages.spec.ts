import type { Locator } from "@playwright/test";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { activateEmailCodes, authorizationPath, fillLogin } from "./support/provider-pages.js";
import { qa } from "./support/qa.js";

// The provider's own pages in the browser, beyond their looks (visual-provider.spec.ts):
// the layout of its quiet buttons.

const PHONE = { width: 390, height: 844 };

/** Where the text of `locator` starts on screen (its first text, not its box). */
const textLeft = (locator: Locator): Promise<number> =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().left;
  });

test("'Send a new code' starts on the text column at 390 and 1280 px", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "resend-aligned");
  await activateEmailCodes(page, portal.url, outbox, account);
  // The set-up passed pages other tests check; from here on every page is scanned.
  for (const path of a11y.unscanned()) {
    a11y.exempt(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  }
  await page.context().clearCookies();
  await page.goto(authorizationPath(portal.url));
  await fillLogin(page, account.email, account.password);
  await expect(qa(page, "otp-resend")).toBeVisible();
  await a11y.scan(page, "(second factor, e-mail code)");
  for (const size of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(size);
    const column = await textLeft(page.locator("#otp-hint"));
    expect(Math.abs((await textLeft(qa(page, "otp-resend"))) - column)).toBeLessThanOrEqual(1);
  }
});
