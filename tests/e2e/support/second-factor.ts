import { expect, type Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { codeIn, type Outbox } from "../../src/support/outbox.js";
import type { A11yWatch } from "./axe.js";
import { qa } from "./qa.js";
import { Authenticator } from "./totp.js";

/** The sign-in-code mails (subject ends with the 6-digit code, issue 4). */
export const LOGIN_CODE_SUBJECT = /\b\d{6}$/;

/** Opens the security screen and waits for the second-factor state to load. */
export const openSecurity = async (page: Page, a11y: A11yWatch): Promise<void> => {
  await page.goto(routePath("security"));
  await expect(qa(page, "security-options")).toBeVisible();
  await a11y.scan(page, "(security)");
};

/**
 * On the provider's CONFIGURE_TOTP page: reads the secret shown as text, confirms it with a
 * code computed like an authenticator app, and returns that app.
 */
export const configureTotp = async (page: Page, a11y: A11yWatch): Promise<Authenticator> => {
  await expect(qa(page, "totp-form")).toBeVisible();
  await expect(qa(page, "totp-qr-code")).toBeVisible();
  await a11y.scan(page, "(configure authenticator app)");
  const authenticator = new Authenticator((await qa(page, "totp-secret").textContent()) ?? "");
  await qa(page, "totp-input").fill(await authenticator.nextCode());
  await qa(page, "totp-save").click();
  return authenticator;
};

/** On the provider's CONFIGURE_EMAIL_OTP page: asks for a code and confirms it from the mail. */
export const configureEmailCode = async (
  page: Page,
  a11y: A11yWatch,
  outbox: Outbox,
  email: string,
): Promise<void> => {
  await expect(qa(page, "email-otp-form")).toBeVisible();
  await a11y.scan(page, "(configure e-mail codes)");
  if (await qa(page, "email-otp-send").isVisible()) {
    await qa(page, "email-otp-send").click();
    await expect(qa(page, "email-otp-input")).toBeVisible();
    await a11y.scan(page, "(e-mail code sent)");
  }
  const mail = await outbox.next(email, { subject: LOGIN_CODE_SUBJECT });
  await qa(page, "email-otp-input").fill(codeIn(mail));
  await qa(page, "email-otp-save").click();
};

/** Waits for the security screen after an application-initiated action and its outcome. */
export const backOnSecurity = async (
  page: Page,
  a11y: A11yWatch,
  outcome: "success" | "cancelled" | "error" = "success",
): Promise<void> => {
  await expect(page).toHaveURL((u) => u.pathname === routePath("security"), { timeout: 30_000 });
  await expect(qa(page, `security-status-${outcome}`)).toBeVisible();
  await expect(qa(page, "security-options")).toBeVisible();
  await a11y.scan(page, `(security after action: ${outcome})`);
};
