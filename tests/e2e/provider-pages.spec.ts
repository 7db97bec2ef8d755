import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import {
  activateEmailCodes,
  authorizationPath,
  chooseLocale,
  fillLogin,
} from "./support/provider-pages.js";
import { qa } from "./support/qa.js";

// The provider's own pages in the browser, beyond their looks (visual-provider.spec.ts):
// the header's language tag on a phone and the layout of its quiet buttons.

const PHONE = { width: 390, height: 844 };

/** Where the text of `locator` starts on screen (its first text, not its box). */
const textLeft = (locator: Locator): Promise<number> =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().left;
  });

/** The language tags the page shows (on a phone exactly one: the chosen locale's). */
const shownTags = (page: Page): Promise<string[]> =>
  page
    .locator(".lang-switch__short")
    .evaluateAll((tags) =>
      tags.filter((tag) => tag.checkVisibility()).map((tag) => tag.textContent ?? ""),
    );

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
    a11y.exemptPath(path);
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

test("on a phone the header's language switch shows its short tag, also after a pick", async ({
  page,
  a11y,
  portal,
}) => {
  await page.setViewportSize(PHONE);
  for (const [locale, tag] of [
    ["de_DE", "DE"],
    ["de_AT", "DE-AT"],
    ["en_US", "EN"],
    ["fr_FR", "FR"],
    ["fr_LU", "FR-LU"],
  ] as const) {
    await chooseLocale(page, portal.url, locale);
    await page.goto(authorizationPath(portal.url));
    await expect(page.locator("#kc-form-login")).toBeVisible();
    expect(await shownTags(page)).toEqual([tag]);
    // The tag sits in the select's box, and the select's own text is hidden under it.
    const select = await qa(page, "language-switcher").boundingBox();
    const shown = await page.locator(".lang-switch__short:visible").boundingBox();
    expect(shown && select && shown.x >= select.x && shown.x < select.x + select.width).toBe(true);
    await expect(qa(page, "language-switcher")).toHaveCSS("color", "rgba(0, 0, 0, 0)");
    await a11y.scan(page, `(sign-in, phone, ${locale})`);
  }

  // Forced colours repaint the select's text: there it shows that text and no tag.
  await page.emulateMedia({ forcedColors: "active" });
  expect(await shownTags(page)).toEqual([]);
  await page.emulateMedia({ forcedColors: "none" });
  // At desktop width the select shows its full name, no tag.
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await shownTags(page)).toEqual([]);
});

test("without script the tag follows the pick before the button sends it", async ({
  browser,
  portal,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: portal.url,
    viewport: PHONE,
  });
  try {
    const page = await context.newPage();
    await page.goto(authorizationPath(portal.url));
    expect(await shownTags(page)).toEqual(["DE"]);
    await qa(page, "language-switcher").selectOption("fr_LU");
    expect(await shownTags(page)).toEqual(["FR-LU"]);
    await qa(page, "language-apply").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(await shownTags(page)).toEqual(["FR-LU"]);
  } finally {
    await context.close();
  }
});

test("the language switch: keys browse, and Enter, leaving it or a pause applies; a pick applies at once", async ({
  page,
  a11y,
  portal,
}) => {
  // The pause is the page's own timer: the test moves the clock itself.
  await page.clock.install();
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/realms/portal/language")) {
      sent.push(new URLSearchParams(request.postData() ?? "").get("locale") ?? "");
    }
  });
  await page.setViewportSize(PHONE);
  await page.goto(authorizationPath(portal.url));
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await a11y.scan(page, "(sign-in, de)");
  const select = qa(page, "language-switcher");
  const html = page.locator("html");

  // Arrow keys on the closed select browse: the tag follows, nothing is sent.
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  expect(await shownTags(page)).toEqual(["EN"]);
  await page.clock.runFor(1000);
  expect(sent).toEqual([]);
  await expect(html).toHaveAttribute("lang", "de");
  await page.keyboard.press("Enter");
  await expect(html).toHaveAttribute("lang", "en");
  expect(sent).toEqual(["en_US"]);
  await a11y.scan(page, "(sign-in, en)");

  // A pause without another key applies the choice too.
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.clock.runFor(1000);
  expect(sent).toEqual(["en_US"]);
  await page.clock.runFor(600);
  await expect(html).toHaveAttribute("lang", "fr");
  expect(sent).toEqual(["en_US", "fr_FR"]);
  await a11y.scan(page, "(sign-in, fr)");

  // So does leaving the select.
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(select).toHaveValue("fr_LU");
  await expect.poll(() => sent).toEqual(["en_US", "fr_FR", "fr_LU"]);
  expect(await shownTags(page)).toEqual(["FR-LU"]);

  // Escape puts the page's language back; nothing is sent then, not even on leaving.
  await select.focus();
  await page.keyboard.press("ArrowUp");
  expect(await shownTags(page)).toEqual(["FR"]);
  await page.keyboard.press("Escape");
  await expect(select).toHaveValue("fr_LU");
  expect(await shownTags(page)).toEqual(["FR-LU"]);
  await page.keyboard.press("Tab");
  await page.clock.runFor(2000);
  expect(sent).toHaveLength(3);

  // A pick without keys (the mouse in the open list, a phone's picker) applies at once.
  await select.selectOption("de_DE");
  await expect(html).toHaveAttribute("lang", "de");
  expect(sent).toEqual(["en_US", "fr_FR", "fr_LU", "de_DE"]);
});

test("a refused entry on a phone: focus on the field, its message in view and named by it", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  await page.setViewportSize(PHONE);
  const account = await confirmedAccount(portal, outbox, "field-errors");
  /** The focused control is `control`, names `message` and both are on screen. */
  const saidAtField = async (control: Locator, message: Locator) => {
    await expect(control).toBeFocused();
    await expect(control).toHaveAttribute("aria-invalid", "true");
    const id = await message.getAttribute("id");
    expect((await control.getAttribute("aria-describedby"))?.split(" ")).toContain(id);
    await expect(message).toBeInViewport({ ratio: 1 });
    await expect(control).toBeInViewport();
  };

  // The sign-in: the message above the fields names both.
  await page.goto(authorizationPath(portal.url, { kc_action: "CONFIGURE_TOTP" }));
  await fillLogin(page, account.email, "wrong-Passwort1");
  await saidAtField(qa(page, "login-username"), qa(page, "login-error"));
  await expect(qa(page, "login-password")).toHaveAttribute("aria-describedby", "login-error");
  await a11y.scan(page, "(sign-in refused, phone)");

  // The authenticator set-up: the code field is at the end of a long page.
  await fillLogin(page, account.email, account.password);
  await expect(qa(page, "totp-form")).toBeVisible();
  await a11y.scan(page, "(authenticator set-up, phone)");
  await qa(page, "totp-input").fill("000000");
  await qa(page, "totp-save").click();
  await expect(qa(page, "totp-error")).toHaveText(/./);
  await saidAtField(qa(page, "totp-input"), qa(page, "totp-error"));
  await a11y.scan(page, "(authenticator code refused, phone)");
});
