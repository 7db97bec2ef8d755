import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
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
        new URL(`../../core/src/texts/${language}/public.json`, import.meta.url),
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

test("arrow keys on the closed language switch only show a locale: Enter, leaving it or a pause applies it, Escape goes back (QA #10)", async ({
  page,
  a11y,
  context,
}) => {
  const cookie = async () =>
    (await context.cookies()).find((c) => c.name === LANGUAGE_COOKIE_NAME)?.value;
  // The page's clock is the test's: the switch's pause (1.5 s) passes when the test says,
  // never by itself while a busy machine is slow between two steps.
  await page.clock.install();
  await page.goto(routePath("register"));
  await expect(page.locator("body")).toHaveAttribute("data-page-ready", "true");
  await a11y.scan(page, "(register, de)");
  // Stops the page's time a moment ahead of its clock (pauseAt moves only forward: on a
  // busy machine the page's time may pass that moment before the call arrives, then again).
  const pause = async () => {
    for (let attempt = 1; ; attempt += 1) {
      const now = await page.evaluate(() => Date.now());
      try {
        return await page.clock.pauseAt(now + 1_000);
      } catch (error) {
        if (attempt === 5 || !/to the past/.test(String(error))) throw error;
      }
    }
  };
  // axe waits on the page's timers: time runs while it checks (no choice is pending then).
  const scan = async (label: string) => {
    await page.clock.resume();
    await a11y.scan(page, label);
    await pause();
  };
  await pause();
  const select = qa(page, "language-switcher");
  await select.focus();
  // Deutsch (Deutschland) -> Deutsch (Österreich) -> English (US), with the select closed.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("en_US");
  // Most of the pause goes by without another key: nothing applies yet.
  await page.clock.runFor(1_000);
  await expect(page.locator("h1")).toHaveText(title("de"));
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  expect(await cookie()).toBeUndefined();
  await page.keyboard.press("Enter");
  await expect(page.locator("h1")).toHaveText(title("en"));
  expect(await cookie()).toBe("en_US");
  await expect(select).toBeFocused();
  await scan("(register, en by keyboard)");

  // One step on, then a pause without another key.
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("fr_FR");
  await page.clock.runFor(1_000);
  await expect(page.locator("h1")).toHaveText(title("en"));
  await page.clock.runFor(500);
  await expect(page.locator("h1")).toHaveText(title("fr"));
  expect(await cookie()).toBe("fr_FR");
  await scan("(register, fr after a pause)");

  // Escape puts the page's language back; leaving the select then applies nothing.
  await page.keyboard.press("ArrowUp");
  await expect(select).toHaveValue("en_US");
  await page.keyboard.press("Escape");
  await expect(select).toHaveValue("fr_FR");
  await page.keyboard.press("Tab");
  // Longer than the pause: nothing was left to apply.
  await page.clock.runFor(2_000);
  await expect(page.locator("h1")).toHaveText(title("fr"));
  expect(await cookie()).toBe("fr_FR");

  // Leaving the select commits what it shows.
  await select.focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(select).toHaveValue("de_AT");
  await page.keyboard.press("Tab");
  await expect(page.locator("html")).toHaveAttribute("lang", "de-AT");
  await expect(page.locator("h1")).toHaveText(title("de"));
  expect(await cookie()).toBe("de_AT");
  await scan("(register, de-AT after leaving the switch)");
});

test("the header's language switch has its size before its options are there: a frame painted mid-parse does not move it", async ({
  page,
  a11y,
}) => {
  await page.goto(routePath("register"));
  await expect(page.locator("body")).toHaveAttribute("data-page-ready", "true");
  await a11y.scan(page, "(register)");
  // The select as a paint may meet it while the parser has not reached its options yet
  // (a busy machine's first frame): its box and its label's, without and with the options.
  const boxes = await qa(page, "language-switcher").evaluate((select: HTMLSelectElement) => {
    const label = document.querySelector(`label[for="${select.id}"]`);
    const measure = () => {
      const s = select.getBoundingClientRect();
      return {
        selectLeft: s.left,
        selectWidth: s.width,
        labelLeft: label?.getBoundingClientRect().left,
      };
    };
    const options = [...select.options];
    for (const option of options) option.remove();
    const bare = measure();
    select.append(...options);
    return { bare, whole: measure() };
  });
  expect(boxes.bare).toEqual(boxes.whole);
});

/** The language tags the page shows (on a phone exactly one: the chosen locale's). */
const shownTags = (page: Page): Promise<string[]> =>
  page
    .locator(".lang-switch__short")
    .evaluateAll((tags) =>
      tags.filter((tag) => tag.checkVisibility()).map((tag) => tag.textContent ?? ""),
    );

const PHONE = { width: 390, height: 844 };

test("on a phone the header's short tag follows a pick made before the app is live (QA2 #6)", async ({
  page,
  a11y,
}) => {
  await page.setViewportSize(PHONE);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const messages: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
  await page.goto(routePath("register"), { waitUntil: "commit" });
  const select = qa(page, "language-switcher");
  await expect(select).toBeVisible();
  expect(await shownTags(page)).toEqual(["DE"]);
  // The frame's select, no script yet: the tag follows at once.
  await select.selectOption("fr_LU");
  expect(await shownTags(page)).toEqual(["FR-LU"]);
  await expect(page.locator("h1")).toHaveText(title("de"));
  // The app then applies the pick; the tag stays.
  release();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-LU");
  await expect(page.locator("h1")).toHaveText(title("fr"));
  expect(await shownTags(page)).toEqual(["FR-LU"]);
  await a11y.scan(page, "(register, fr-LU picked before the app, phone)");
  // Live: arrow keys show their choice in the tag before it is committed.
  await select.focus();
  await page.keyboard.press("ArrowUp");
  expect(await shownTags(page)).toEqual(["FR"]);
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(await shownTags(page)).toEqual(["FR"]);
  // Forced colours repaint the select's own text: no tag; at desktop width neither.
  await page.emulateMedia({ forcedColors: "active" });
  expect(await shownTags(page)).toEqual([]);
  await page.emulateMedia({ forcedColors: "none" });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await shownTags(page)).toEqual([]);
  expect(messages).toEqual([]);
});

test("on a phone without script the header's short tag follows the pick (QA2 #6)", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: baseURL ?? "",
    viewport: PHONE,
  });
  try {
    const page = await context.newPage();
    await page.goto(routePath("password-forgotten"));
    expect(await shownTags(page)).toEqual(["DE"]);
    for (const [locale, tag] of [
      ["fr_LU", "FR-LU"],
      ["en_US", "EN"],
      ["de_AT", "DE-AT"],
    ] as const) {
      await qa(page, "language-switcher").selectOption(locale);
      expect(await shownTags(page)).toEqual([tag]);
    }
  } finally {
    await context.close();
  }
});
