import { readFileSync } from "node:fs";
import { LANGUAGE_COOKIE_NAME, routePath } from "@portal/core";
import { expect, test } from "./support/fixtures.js";
import { qa } from "./support/qa.js";

// Spec section 1: "The chosen language is stored in a cookie named CAS_PREFERRED_LANGUAGE ...
// and applied at load", in German, English and French; the provider's pages follow it.

/** The registration title of each language, from the app's own catalogues. */
const title = (language: "de" | "en" | "fr"): string =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../web/src/locales/${language}/public.json`, import.meta.url),
        "utf8",
      ),
    ) as { register: { title: string } }
  ).register.title;

const CASES = [
  { locale: "en_US", language: "en" },
  { locale: "fr_FR", language: "fr" },
  { locale: "de_DE", language: "de" },
] as const;

test("language switch: de by default, then en, fr and back to de, kept in the cookie across loads", async ({
  page,
  a11y,
  context,
}) => {
  await page.goto(routePath("register"));
  await expect(page.locator("h1")).toHaveText(title("de"));
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await a11y.scan(page, "(register, de)");

  for (const { locale, language } of CASES) {
    await test.step(`${locale} -> ${language}`, async () => {
      await qa(page, "language-switcher").selectOption(locale);
      await expect(page.locator("h1")).toHaveText(title(language));
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const cookie = (await context.cookies()).find((c) => c.name === LANGUAGE_COOKIE_NAME);
      expect(cookie?.value).toBe(locale);
      expect(cookie?.path).toBe("/");
      expect(cookie?.sameSite).toBe("None");
      expect(cookie?.secure).toBe(true);
      await a11y.scan(page, `(register, ${language})`);

      // Applied at load: a fresh page load shows the chosen language at once.
      await page.reload();
      await expect(page.locator("h1")).toHaveText(title(language));
      await a11y.scan(page, `(register reloaded, ${language})`);

      // The provider's sign-in page speaks the same language.
      // Through the app's /login route, which sends the visitor straight to the provider.
      await page.goto(routePath("login"));
      await expect(page.locator("#kc-form-login")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${language}`));
      await a11y.scan(page, `(provider login, ${language})`);
      await page.goto(routePath("register"));
      await expect(page.locator("h1")).toHaveText(title(language));
    });
  }
});
