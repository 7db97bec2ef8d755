/**
 * Security alerts by mail, in the person's language, each with the way to secure the
 * account (a new password, then the page of devices and activity). Features call {@link sendSecurityAlert} after the
 * change they report; a failed alert is logged by the caller and never undoes the change.
 */
import type { Mailer } from "../mail/mailer.js";
import type { FactorChange } from "../mail/templates/factor-changed-alert.js";
import { mailLinks } from "../persons/mail-links.js";

/** What happened, with what the mail names. */
export type SecurityAlert =
  | { readonly kind: "password-changed" }
  | {
      readonly kind: "new-device";
      readonly browser: string;
      readonly os: string;
      readonly address: string;
    }
  /** Sent to the OLD address (the person's address when the change was asked for). */
  | { readonly kind: "email-change-requested"; readonly newEmail: string }
  | { readonly kind: FactorChange }
  | { readonly kind: "recovery-code-used"; readonly left: number };

/** Whom the alert goes to. */
export interface AlertRecipient {
  readonly email: string;
  readonly preferredLanguage: string | null;
}

/**
 * @example
 * await sendSecurityAlert(deps.mailer, deps.config.publicUrl, person, { kind: "passkey-added" });
 */
export const sendSecurityAlert = (
  mailer: Mailer,
  publicUrl: string,
  to: AlertRecipient,
  alert: SecurityAlert,
): Promise<void> => {
  const links = mailLinks(publicUrl);
  const secure = { resetLink: links.passwordForgotten(), devicesLink: links.signInDevices() };
  const base = { to: to.email, language: to.preferredLanguage } as const;
  switch (alert.kind) {
    case "password-changed":
      return mailer.send({ ...base, template: "passwordChangedAlert", params: secure });
    case "new-device":
      return mailer.send({
        ...base,
        template: "newDeviceAlert",
        params: { ...secure, browser: alert.browser, os: alert.os, address: alert.address },
      });
    case "email-change-requested":
      return mailer.send({
        ...base,
        template: "emailChangeRequestedAlert",
        params: { ...secure, newEmail: alert.newEmail },
      });
    case "recovery-code-used":
      return mailer.send({
        ...base,
        template: "recoveryCodeUsedAlert",
        params: { ...secure, left: alert.left },
      });
    default:
      return mailer.send({
        ...base,
        template: "factorChangedAlert",
        params: { ...secure, change: alert.kind },
      });
  }
};
