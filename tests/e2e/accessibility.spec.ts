import { API_ROUTES, apiPath } from "@portal/contracts";
import { routePath } from "@portal/core";
import { registerConfirmedAccount } from "../src/support/accounts-api.js";
import { uniqueAccount } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { enter, qa } from "./support/qa.js";
import { signIn } from "./support/sign-in.js";

// Issue 15, "Accessibility (beyond axe)": what only a real browser shows: titles per screen,
// focus after a route change and after a failure dialog, the mobile menu's Escape, and a long
// e-mail address at 390 px.

const SCREEN_390 = { width: 390, height: 844 };

test("each screen has its own title, and a route change focuses the new page's heading", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = uniqueAccount("titles");
  await registerConfirmedAccount(portal.url, outbox, account);
  await signIn(page, a11y, account);
  await expect(page).toHaveTitle("Profil – Benutzerverwaltung");
  await a11y.scan(page, "(profile)");

  await page
    .getByRole("navigation", { name: "Hauptmenü" })
    .getByRole("link", { name: "Mitgliedschaft" })
    .click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("membership"));
  await expect(page).toHaveTitle("Mitgliedschaft – Benutzerverwaltung");
  await expect(page.locator("#main h1")).toBeFocused();
  await a11y.scan(page, "(membership)");

  // In the user's language: the title follows a language switch.
  await page.getByRole("combobox", { name: "Sprache" }).selectOption("en_US");
  await expect(page).toHaveTitle("Membership – User management");
});

test("the failure dialog of a refusal that belongs to a field hands the focus to that field, marked with the same words", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = uniqueAccount("dialog-focus");
  await registerConfirmedAccount(portal.url, outbox, account);
  await signIn(page, a11y, account, { path: routePath("change-password") });
  const form = qa(page, "change-password-form");
  await expect(form).toBeVisible();
  await a11y.scan(page, "(change password)");
  await enter(qa(form, "change-password-old"), "Wrong-Passw0rd!x");
  await enter(qa(form, "change-password-new"), "Neues-Passw0rt!x");
  await enter(qa(form, "change-password-confirmation"), "Neues-Passw0rt!x");
  const refused = page.waitForResponse((r) => r.url().endsWith(apiPath(API_ROUTES.changePassword)));
  await qa(form, "change-password-submit").focus();
  await page.keyboard.press("Enter");
  await refused;
  const dialog = qa(page, "change-password-error-dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Issue 29: a wrong current password is the old-password field's fault, so the focus goes
  // there (not back to the submit button) and the field says why.
  const old = qa(form, "change-password-old");
  await expect(old).toBeFocused();
  await expect(old).toHaveAttribute("aria-invalid", "true");
});

test("at 390 px a long e-mail address wraps, and Escape closes the mobile menu", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  await page.setViewportSize(SCREEN_390);
  const base = uniqueAccount("wrap");
  const account = {
    ...base,
    // One unbroken word of about 90 characters, far wider than a phone.
    email: base.email.replace(
      "@example.test",
      "@customer-accounts.a-rather-long-subdomain-that-must-wrap.example.test",
    ),
  };
  await registerConfirmedAccount(portal.url, outbox, account);
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-email")).toHaveText(account.email);
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await pageWidth()).toBeLessThanOrEqual(SCREEN_390.width);
  await a11y.scan(page, "(profile at 390 px)");

  await qa(page, "profile-change-email").click();
  await expect(qa(page, "change-mail-address-current")).toHaveText(account.email);
  expect(await pageWidth()).toBeLessThanOrEqual(SCREEN_390.width);
  await a11y.scan(page, "(change e-mail at 390 px)");

  const toggle = qa(page, "mobile-menu-toggle");
  await toggle.click();
  await expect(qa(page, "mobile-menu")).toBeVisible();
  await qa(page, "mobile-menu").getByRole("link").first().focus();
  await page.keyboard.press("Escape");
  await expect(qa(page, "mobile-menu")).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
});

test("the API reference page lists every route, passes axe, and its links work by keyboard", async ({
  page,
  a11y,
  portal,
}) => {
  await page.goto(`${portal.url}/api/user-management/docs`);
  await expect(page.locator("section.operation")).toHaveCount(Object.keys(API_ROUTES).length);
  await a11y.scan(page, "(API reference)");
  // The table of contents jumps to a route's section.
  const link = page.getByRole("navigation", { name: "Routes" }).getByRole("link").first();
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#op-\w+$/);
});

// Issue 46: "Standalone text links ('Back', 'Forgot password?', ...) are 19 px tall at 390 px":
// a link on its own line is a target of at least 24 px (WCAG 2.5.8), in the app and on the
// provider's pages, which share its stylesheet.
test("at 390 px a text link on its own line is a target of at least 24 px", async ({
  page,
  a11y,
}) => {
  await page.setViewportSize(SCREEN_390);
  const tall = async (dataQa: string) => {
    const box = await qa(page, dataQa).boundingBox();
    expect(box?.height ?? 0, dataQa).toBeGreaterThanOrEqual(24);
  };
  await page.goto(routePath("register"));
  await expect(qa(page, "register-form")).toBeVisible();
  await a11y.scan(page, "(register at 390 px)");
  await tall("register-back");
  await tall("register-existing-account");
  await qa(page, "register-existing-account").click();
  await expect(qa(page, "login-forgot-password")).toBeVisible();
  await a11y.scan(page, "(provider sign-in at 390 px)");
  await tall("login-forgot-password");
  await tall("login-register");
});
