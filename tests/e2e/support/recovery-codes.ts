import { createHash, randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { A11yWatch } from "./axe.js";
import { qa } from "./qa.js";
import type { Credentials } from "./sign-in.js";

/** Both widths every new screen is checked at (desktop and a small phone). */
export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Runs axe on the page at 1280 and at 390 px, then goes back to 1280 px. */
export const scanAtBothWidths = async (page: Page, a11y: A11yWatch, label: string) => {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await a11y.scan(page, `${label} at ${size.width} px`);
  }
  await page.setViewportSize(WIDTHS[0]);
};

/**
 * On the provider's CONFIGURE_RECOVERY_AUTHN_CODES page: reads the 12 codes shown, checks
 * the page at both widths, and activates them ("stored safely" ticked).
 */
export const saveRecoveryCodes = async (page: Page, a11y: A11yWatch): Promise<string[]> => {
  await expect(qa(page, "recovery-codes-form")).toBeVisible();
  await scanAtBothWidths(page, a11y, "(recovery codes shown once)");
  const codes = await qa(page, "recovery-code").allTextContents();
  expect(codes).toHaveLength(12);
  await qa(page, "recovery-codes-saved").check();
  await qa(page, "recovery-codes-save").click();
  return codes;
};

/** Password, then a recovery code instead of the second factor, in the browser. */
export const signInWithRecoveryCode = async (
  page: Page,
  a11y: A11yWatch,
  credentials: Credentials,
  code: string,
  path: string,
): Promise<void> => {
  await page.goto(path);
  const form = page.locator("#kc-form-login");
  await expect(form).toBeVisible();
  await a11y.scan(page, "(provider login)");
  await form.locator('[name="username"]').fill(credentials.email);
  await form.locator('[name="password"]').fill(credentials.password);
  await page.locator("#kc-login").click();
  await expect(qa(page, "otp-form")).toBeVisible();
  await qa(page, "recovery-code-toggle").click();
  await expect(qa(page, "recovery-code-input")).toBeVisible();
  await scanAtBothWidths(page, a11y, "(second factor: recovery code instead)");
  await qa(page, "recovery-code-input").fill(code);
  await qa(page, "recovery-code-submit").click();
};

const formAction = (html: string, id: string): string => {
  const action = new RegExp(`<form id="${id}"[^>]*action="([^"]+)"`).exec(html)?.[1];
  if (!action) throw new Error(`no form #${id} on the page`);
  return action.replace(/&amp;/g, "&");
};

/**
 * Signs in over HTTP with password and a recovery code (authorization code with PKCE, as
 * keycloak-js does), in a request context of its own: spends one code without a browser.
 */
export const useRecoveryCodeOverHttp = async (
  request: APIRequestContext,
  origin: string,
  credentials: Credentials,
  code: string,
): Promise<void> => {
  const verifier = randomBytes(48).toString("base64url");
  const authorize = new URL(`${origin}/realms/portal/protocol/openid-connect/auth`);
  for (const [k, v] of Object.entries({
    client_id: "benutzerverwaltung",
    redirect_uri: `${origin}/benutzerverwaltung/`,
    response_type: "code",
    scope: "openid",
    state: randomBytes(8).toString("hex"),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }))
    authorize.searchParams.set(k, v);
  const login = await (await request.get(authorize.href)).text();
  const factor = await request.post(new URL(formAction(login, "kc-form-login"), origin).href, {
    form: { username: credentials.email, password: credentials.password },
  });
  const step = await factor.text();
  const done = await request.post(
    new URL(formAction(step, "kc-recovery-code-login-form"), origin).href,
    { form: { recoveryCodeInput: code } },
  );
  expect(new URL(done.url()).pathname.startsWith("/benutzerverwaltung")).toBe(true);
};
