import type { Page } from "@playwright/test";
import type { TestAccount } from "../e2e/support/accounts.js";
import type { A11yWatch } from "../e2e/support/axe.js";
import { qa } from "../e2e/support/qa.js";
import { backOnSecurity } from "../e2e/support/second-factor.js";
import { ISSUER_ENV } from "./global-setup.js";

/** Keycloak's realm URL, as the global set-up started it. */
export const issuerOf = (): string => process.env[ISSUER_ENV] ?? "";

/**
 * Types the e-mail and password into Keycloak's login form (the portal's theme) and sends
 * it; the page is on Keycloak's host, as the assertion says.
 */
export const submitKeycloakPassword = async (page: Page, account: TestAccount): Promise<void> => {
  await page.locator('#kc-form-login [name="username"]').fill(account.email);
  await page.locator('#kc-form-login [name="password"]').fill(account.password);
  await page.locator("#kc-login").click();
};

/**
 * Adds a passkey from the security page through Keycloak's webauthn-register-passwordless,
 * named `label` (Keycloak may ask for the name in a prompt after the browser's dialog), and
 * waits until the page is back.
 */
export const addKeycloakPasskey = async (
  page: Page,
  a11y: A11yWatch,
  label: string,
): Promise<void> => {
  page.on("dialog", (dialog) => void dialog.accept(label));
  await qa(page, "passkey-add").click();
  await page.locator("#registerWebAuthn").click();
  await backOnSecurity(page, a11y);
};
