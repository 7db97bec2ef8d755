import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { Locale } from "@portal/core";
import type { A11yWatch } from "./support/axe.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import {
  activateEmailCodes,
  activateTotp,
  authorizationPath,
  backAtApp,
  chooseLocale,
  fillLogin,
} from "./support/provider-pages.js";
import { qa } from "./support/qa.js";

// Issue 16: the provider's pages in the app's look. Reference screenshots of the sign-in
// page and the authenticator set-up (QR code, secret and the copyright year masked: they
// change) at 1280 and 390 px. They show the web app's stylesheet: regenerate them whenever it changes
// (`--update-snapshots`, see tests/README.md).

const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "mobile", width: 390, height: 844 },
] as const;

/** Waits until the page's stylesheets have loaded and the fonts are ready. */
const settled = async (page: Page): Promise<void> => {
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
};

test("sign-in page and authenticator set-up look like the app (1280 and 390 px)", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  await chooseLocale(page, portal.url, "de_DE");
  await page.goto(authorizationPath(portal.url));
  await expect(page.locator("#kc-form-login")).toBeVisible();
  await a11y.scan(page, "(provider sign-in)");
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settled(page);
    await expect(page).toHaveScreenshot(`sign-in-${size.name}.png`, {
      fullPage: true,
      mask: [qa(page, "footer-copyright")],
    });
  }

  const account = await confirmedAccount(portal, outbox, "visual-totp");
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(authorizationPath(portal.url, { kc_action: "CONFIGURE_TOTP" }));
  await fillLogin(page, account.email, account.password);
  await expect(qa(page, "totp-form")).toBeVisible();
  await a11y.scan(page, "(provider authenticator set-up)");
  const mask = [qa(page, "totp-qr-code"), qa(page, "totp-secret"), qa(page, "footer-copyright")];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settled(page);
    await expect(page).toHaveScreenshot(`authenticator-setup-${size.name}.png`, {
      fullPage: true,
      mask,
    });
  }
});

test("the language switch on the sign-in page sets the app's cookie and speaks at once", async ({
  page,
  a11y,
  portal,
  context,
}) => {
  // The app asked for French (ui_locales); the person then chooses English on the page.
  await page.goto(authorizationPath(portal.url, { ui_locales: "fr" }));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await a11y.scan(page, "(provider sign-in, fr)");
  // The page came with the authorization's answer; it shows again at its interaction's own
  // address, the one its form posts under.
  const action = (await page.locator("#kc-form-login").getAttribute("action")) ?? "";
  const interactionPage = action.replace(/\/login$/, "");
  await qa(page, "language-switcher").selectOption("en_US");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL((u) => u.pathname === interactionPage);
  await expect(qa(page, "language-switcher")).toHaveValue("en_US");
  await expect(qa(page, "login-submit")).toHaveText("Sign in");
  const cookie = (await context.cookies()).find((c) => c.name === "CAS_PREFERRED_LANGUAGE");
  expect(cookie).toMatchObject({ value: "en_US", path: "/", sameSite: "None", secure: true });
  await a11y.scan(page, "(provider sign-in, switched to en)");

  // The app then opens in the same language.
  await page.goto("/benutzerverwaltung/registrieren");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await a11y.scan(page, "(registration after the provider's switch)");
});

test("without script the switch's own button sends the choice", async ({ browser, portal }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: portal.url });
  try {
    const page = await context.newPage();
    await page.goto(authorizationPath(portal.url));
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await qa(page, "language-switcher").selectOption("fr_LU");
    await qa(page, "language-apply").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(qa(page, "language-switcher")).toHaveValue("fr_LU");
    await expect(page.locator("#kc-form-login")).toBeVisible();
  } finally {
    await context.close();
  }
});

// A tour of every provider page in de, en and fr at both widths, saved for a side-by-side
// look with the app (not compared): PROVIDER_TOUR_DIR=/tmp/shots to run it.
const tourDir = process.env.PROVIDER_TOUR_DIR;

test("tour of the provider's pages (screenshots for review)", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.skip(!tourDir, "PROVIDER_TOUR_DIR not set");
  test.setTimeout(600_000);
  const dir = tourDir ?? "";
  mkdirSync(dir, { recursive: true });
  const origin = portal.url;
  // Each finished sign-in returns to a plain 404 (the code is never redeemed here).
  a11y.exempt(/^\/benutzerverwaltung\/provider-pages-done\.txt$/);
  a11y.exempt(/^\/benutzerverwaltung\/passwort-vergessen$/);
  // The sign-ins that only set accounts up pass login pages that `shoot` checks elsewhere.
  a11y.exempt(/^\/realms\/portal\/login-actions\//);
  const appUser = await confirmedAccount(portal, outbox, "tour-app");
  const mailUser = await confirmedAccount(portal, outbox, "tour-mail");
  const plainUser = await confirmedAccount(portal, outbox, "tour-plain");
  await activateTotp(page, origin, appUser);
  await page.context().clearCookies();
  await activateEmailCodes(page, origin, outbox, mailUser);
  await page.context().clearCookies();

  for (const locale of ["de_DE", "en_US", "fr_FR"] as const satisfies Locale[]) {
    const lang = locale.slice(0, 2);
    const shoot = async (name: string, watch: A11yWatch = a11y) => {
      await watch.scan(page, `(${name}, ${lang})`);
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await settled(page);
        await page.screenshot({
          path: join(dir, `${lang}-${size.width}-${name}.png`),
          fullPage: true,
        });
      }
      await page.setViewportSize(WIDTHS[0]);
    };
    const fresh = async () => {
      await page.context().clearCookies();
      await chooseLocale(page, origin, locale);
    };

    await fresh();
    // The app's own public card, for the side-by-side look (its checks are the app's).
    await page.goto("/benutzerverwaltung/passwort-vergessen");
    await expect(page.locator("main h1")).toBeVisible();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await settled(page);
      await page.screenshot({
        path: join(dir, `${lang}-${size.width}-00-app.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize(WIDTHS[0]);

    await page.goto(authorizationPath(origin));
    await shoot("01-sign-in");
    await fillLogin(page, plainUser.email, "wrong-password-1");
    await expect(qa(page, "login-error")).toBeVisible();
    await shoot("02-sign-in-error");

    await page.goto(authorizationPath(origin));
    await fillLogin(page, appUser.email, appUser.password);
    await expect(qa(page, "otp-input")).toBeVisible();
    await shoot("03-code-app");
    await qa(page, "otp-input").fill("000000");
    await qa(page, "otp-submit").click();
    await expect(qa(page, "otp-error")).toBeVisible();
    await shoot("03b-code-app-refused");

    await fresh();
    await page.goto(authorizationPath(origin));
    await fillLogin(page, mailUser.email, mailUser.password);
    await expect(qa(page, "otp-input")).toBeVisible();
    await shoot("04-code-email");

    await fresh();
    await page.goto(authorizationPath(origin, { kc_action: "CONFIGURE_TOTP" }));
    await fillLogin(page, plainUser.email, plainUser.password);
    await expect(qa(page, "totp-form")).toBeVisible();
    await shoot("05-authenticator-setup");
    await qa(page, "totp-input").fill("000000");
    await qa(page, "totp-save").click();
    await expect(qa(page, "totp-error")).toBeVisible();
    await shoot("05b-authenticator-code-refused");

    await fresh();
    await page.goto(authorizationPath(origin, { kc_action: "CONFIGURE_EMAIL_OTP" }));
    await fillLogin(page, plainUser.email, plainUser.password);
    await expect(qa(page, "email-otp-send")).toBeVisible();
    await shoot("06-email-codes-setup");
    await qa(page, "email-otp-send").click();
    await expect(qa(page, "email-otp-input")).toBeVisible();
    await shoot("07-email-codes-sent");
    await qa(page, "email-otp-input").fill("000000");
    await qa(page, "email-otp-save").click();
    await expect(qa(page, "email-otp-error")).toBeVisible();
    await shoot("07b-email-code-refused");

    await fresh();
    await page.goto("/realms/portal/login-actions/no-such-interaction");
    await expect(qa(page, "provider-message")).toBeVisible();
    await shoot("08-expired");

    await page.goto("/realms/portal/protocol/openid-connect/auth?client_id=unknown-client");
    await expect(qa(page, "provider-error")).toBeVisible();
    await shoot("09-error");

    await page.goto("/realms/portal/device");
    await expect(qa(page, "device-form")).toBeVisible();
    await shoot("10-device-code");

    // Signed in, a logout without a hint asks first.
    await page.goto(authorizationPath(origin));
    await fillLogin(page, plainUser.email, plainUser.password);
    await backAtApp(page);
    // The app's fresh sign-in before a sensitive change: "confirm it's you".
    await page.goto(authorizationPath(origin, { prompt: "login", login_hint: plainUser.email }));
    await expect(qa(page, "fresh-sign-in-form")).toBeVisible();
    await shoot("11a-confirm-it-is-you");
    await page.goto("/realms/portal/protocol/openid-connect/logout");
    await expect(qa(page, "logout-confirm")).toBeVisible();
    await shoot("11-logout-confirm");
    await qa(page, "logout-confirm").click();
    await expect(qa(page, "logged-out")).toBeVisible();
    await shoot("12-logged-out");
  }
});
