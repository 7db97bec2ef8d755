import type { Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { qa } from "./support/qa.js";
import { signIn } from "./support/sign-in.js";

// Issue 29: the profile was one page of 2 900 px at 1280 (3 800 px at 390 in French), the
// account pages used three templates, and the side navigation lost "you are here" on the
// profile's sub-pages. With ACCOUNT_TOUR_DIR=/some/dir the pages are also shot in de, en and
// fr at both widths for a look.

const LOCALES = { de: "de_DE", en: "en_US", fr: "fr_FR" } as const;
const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "mobile", width: 390, height: 844 },
] as const;

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

const useLanguage = async (page: Page, baseURL: string | undefined, lang: keyof typeof LOCALES) =>
  page
    .context()
    .addCookies([{ name: "CAS_PREFERRED_LANGUAGE", value: LOCALES[lang], url: baseURL ?? "" }]);

test("the profile takes a glance; every account page has one template; sub-pages keep 'you are here'", async ({
  page,
  a11y,
  portal,
  outbox,
  baseURL,
}) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "layout");
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-form")).toBeVisible();

  // French at 390 px was the longest: 3 800 px before (2 900 px at 1280).
  await useLanguage(page, baseURL, "fr");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-form")).toBeVisible();
  await a11y.scan(page, "(profile, fr, 390)");
  expect(await pageHeight(page)).toBeLessThan(3_500);
  await page.setViewportSize({ width: 1280, height: 900 });
  await a11y.scan(page, "(profile, fr, 1280)");
  expect(await pageHeight(page)).toBeLessThan(2_300);

  // One template: the title on the ground, the content in cards.
  for (const route of ["profile", "change-mail-address", "change-password", "company"] as const) {
    await page.goto(routePath(route));
    const main = page.locator("main .account-page");
    await expect(main).toHaveClass(/account-page--cards/);
    await expect(main.locator(":scope > h1")).toHaveCount(1);
    await expect(main.locator(":scope > .account-section").first()).toBeVisible();
    await a11y.scan(page, `(${route})`);
  }

  // The e-mail change is the profile's: the side navigation still says so.
  await page.goto(routePath("change-mail-address"));
  await expect(qa(page, "main-menu-profile")).toHaveAttribute("aria-current", "true");
  await a11y.scan(page, "(change e-mail, profile marked)");
});

test("a tour of the account pages for a look (ACCOUNT_TOUR_DIR)", async ({
  page,
  a11y,
  portal,
  outbox,
  baseURL,
}) => {
  const dir = process.env.ACCOUNT_TOUR_DIR;
  test.skip(!dir, "only with ACCOUNT_TOUR_DIR");
  test.setTimeout(600_000);
  const account = await confirmedAccount(portal, outbox, "tour");
  await signIn(page, a11y, account);
  for (const lang of Object.keys(LOCALES) as Array<keyof typeof LOCALES>) {
    await useLanguage(page, baseURL, lang);
    for (const route of [
      "profile",
      "change-mail-address",
      "change-password",
      "company",
      "patch-person-success",
      "security",
      "sign-in-devices",
      "membership",
      "request-account-deletion",
    ] as const) {
      await page.goto(routePath(route));
      await expect(page.locator("main h1")).toBeVisible();
      await a11y.scan(page, `(${route}, ${lang})`);
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.screenshot({ path: `${dir}/${route}-${lang}-${size.name}.png`, fullPage: true });
      }
    }
  }
});
