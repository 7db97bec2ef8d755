import { expect, type Page } from "@playwright/test";
import { routePath } from "@portal/core";
import type { A11yWatch } from "./axe.js";
import type { Authenticator } from "./totp.js";

/** What the provider's login pages ask for. */
export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** The second factor a sign-in must answer, if one is active. */
export type SecondFactor =
  | { readonly kind: "totp"; readonly authenticator: Authenticator }
  | { readonly kind: "email"; readonly code: () => Promise<string> };

/**
 * Fills the identity provider's login form (Keycloak's names: `#kc-form-login`, `username`,
 * `password`, `#kc-login`), then the `otp` page when a second factor is active. Each
 * provider page is checked with axe before it is filled. A fresh sign-in (prompt=login) of
 * a browser still signed in shows "confirm it's you" instead: there the address is given
 * (it must be `credentials.email`) and only the password is typed.
 */
export const submitProviderLogin = async (
  page: Page,
  a11y: A11yWatch,
  credentials: Credentials,
  factor?: SecondFactor,
): Promise<void> => {
  const form = page.locator("#kc-form-login");
  await expect(form).toBeVisible();
  await a11y.scan(page, "(provider login)");
  // The login page comes in the authorization's own answer; the steps after the password
  // show at the interaction's path the form posts under. Without a factor to answer, the
  // one page there is the passkey offer of a browser that creates passkeys without a
  // dialog, which goes on by itself (passkey-niceties.spec.ts checks it held).
  const action = (await form.getAttribute("action")) ?? "";
  if (!factor) a11y.exemptPath(action.replace(/\/login$/, ""));
  if ((await form.getAttribute("data-qa")) === "fresh-sign-in-form") {
    await expect(form.locator('[data-qa="fresh-sign-in-email"]')).toHaveText(credentials.email);
  } else {
    await form.locator('[name="username"]').fill(credentials.email);
  }
  await form.locator('[name="password"]').fill(credentials.password);
  await page.locator("#kc-login").click();
  if (!factor) return;
  const otp = page.locator('[name="otp"]');
  await expect(otp).toBeVisible();
  await a11y.scan(page, "(provider second factor)");
  await otp.fill(
    factor.kind === "totp" ? await factor.authenticator.nextCode() : await factor.code(),
  );
  await page.locator("#kc-login").click();
};

/**
 * Opens a protected route, which forces sign-in, signs in on the provider's pages and
 * waits until the app shows that route again.
 */
export const signIn = async (
  page: Page,
  a11y: A11yWatch,
  credentials: Credentials,
  options: { path?: string; factor?: SecondFactor } = {},
): Promise<void> => {
  const path = options.path ?? routePath("profile");
  await page.goto(path);
  await submitProviderLogin(page, a11y, credentials, options.factor);
  await expect(page).toHaveURL((u) => u.pathname === path);
};

/**
 * Signs out through the main menu's Logout entry (provider logout back to the base path)
 * and waits until the app shows a signed-out page again.
 */
export const signOut = async (page: Page, a11y: A11yWatch): Promise<void> => {
  await page.locator('[data-qa="main-menu-logout"]').click();
  // Signed-out visitors land on registration (spec section 2, home route).
  await expect(page.locator('[data-qa="register-page"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-qa="main-menu"]')).toHaveCount(0);
  await a11y.scan(page, "(signed out)");
};
