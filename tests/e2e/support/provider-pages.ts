import { expect, type Page } from "@playwright/test";
import { LANGUAGE_COOKIE_NAME, type Locale } from "@portal/core";
import type { Outbox } from "../../src/support/outbox.js";
import { codeIn } from "../../src/support/outbox.js";
import type { TestAccount } from "./accounts.js";
import { qa } from "./qa.js";
import { LOGIN_CODE_SUBJECT } from "./second-factor.js";
import { Authenticator } from "./totp.js";

// Reaches the provider's pages directly, as keycloak-js's redirects would, without the app
// in between: an authorization request of the web client (PKCE S256 with a fixed challenge;
// no test here exchanges the code), with an application-initiated action when asked. It
// returns to a file under the app's base path that does not exist (a plain 404, no script):
// the app itself would start a sign-in of its own there.

/** Where the provider sends the browser back (a redirect URI of the web client). */
export const DONE_PATH = "/benutzerverwaltung/provider-pages-done.txt";

/** The challenge of RFC 7636's example verifier; the code is never redeemed here. */
const CODE_CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

/**
 * The path of an authorization request of the web client.
 *
 * @example
 * await page.goto(authorizationPath(portal.url, { kc_action: "CONFIGURE_TOTP" }));
 */
export const authorizationPath = (
  origin: string,
  extra: Readonly<Record<string, string>> = {},
): string =>
  `/realms/portal/protocol/openid-connect/auth?${new URLSearchParams({
    client_id: "benutzerverwaltung",
    redirect_uri: `${origin}${DONE_PATH}`,
    response_type: "code",
    scope: "openid",
    state: "provider-pages",
    nonce: "provider-pages",
    code_challenge: CODE_CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

/** Stores the app's language cookie for the portal's origin (as the app's switch does). */
export const chooseLocale = async (page: Page, origin: string, locale: Locale): Promise<void> => {
  // By domain and path: Chromium drops a Secure cookie given with an http:// `url`, even
  // for localhost, where the portal's own Set-Cookie works.
  const { hostname } = new URL(origin);
  await page.context().addCookies([
    {
      name: LANGUAGE_COOKIE_NAME,
      value: locale,
      domain: hostname,
      path: "/",
      secure: true,
      sameSite: "None",
    },
  ]);
};

/** Fills and sends the provider's login form. */
export const fillLogin = async (page: Page, email: string, password: string): Promise<void> => {
  await expect(page.locator("#kc-form-login")).toBeVisible();
  await qa(page, "login-username").fill(email);
  await qa(page, "login-password").fill(password);
  await qa(page, "login-submit").click();
};

/** Waits until the provider hands the browser back to the redirect URI. */
export const backAtApp = async (page: Page): Promise<void> => {
  await expect(page).toHaveURL((u) => u.pathname === DONE_PATH, { timeout: 30_000 });
};

/** Activates the authenticator app for `account` through CONFIGURE_TOTP; returns the app. */
export const activateTotp = async (
  page: Page,
  origin: string,
  account: TestAccount,
): Promise<Authenticator> => {
  await page.goto(authorizationPath(origin, { kc_action: "CONFIGURE_TOTP" }));
  await fillLogin(page, account.email, account.password);
  const authenticator = new Authenticator((await qa(page, "totp-secret").textContent()) ?? "");
  await qa(page, "totp-input").fill(await authenticator.nextCode());
  await qa(page, "totp-save").click();
  await backAtApp(page);
  return authenticator;
};

/** Activates e-mail codes for `account` through CONFIGURE_EMAIL_OTP. */
export const activateEmailCodes = async (
  page: Page,
  origin: string,
  outbox: Outbox,
  account: TestAccount,
): Promise<void> => {
  await page.goto(authorizationPath(origin, { kc_action: "CONFIGURE_EMAIL_OTP" }));
  await fillLogin(page, account.email, account.password);
  await qa(page, "email-otp-send").click();
  const mail = await outbox.next(account.email, { subject: LOGIN_CODE_SUBJECT });
  await qa(page, "email-otp-input").fill(codeIn(mail));
  await qa(page, "email-otp-save").click();
  await backAtApp(page);
};
