/**
 * Security alerts by mail, in the person's language, each with the time of the event, the
 * device where known, and the way back (a new password and the page of devices and activity; a requested e-mail
 * change its cancel link), and the single-use "This wasn't me: secure my account" link
 * (secure-account-link.ts). No alert carries a sign-in button (security-alert-texts.ts
 * says why). Features call {@link sendSecurityAlert} after the change they report; a
 * failed alert is logged by the caller and never undoes the change.
 */
import { pageUrl } from "@portal/core";
import type { Executor } from "../db/client.js";
import type { Mailer } from "../mail/mailer.js";
import type { FactorChange } from "../mail/templates/factor-changed-alert.js";
import { issueSecureAccountToken, secureAccountLink } from "./secure-account-link.js";
import { parseUserAgent } from "./user-agent.js";

/** What happened, with what the mail names. */
export type SecurityAlert =
  | {
      readonly kind: "password-changed";
      /** A pending e-mail change ended with the new password: the mail says so. */
      readonly emailChangeCancelled?: boolean;
    }
  | {
      readonly kind: "new-device";
      readonly browser: string;
      readonly os: string;
      readonly address: string;
    }
  /** Sent to the OLD address (the person's address when the change was asked for). */
  | {
      readonly kind: "email-change-requested";
      readonly newEmail: string;
      /** The one-click cancel link (mailLinks().cancelEmailChange). */
      readonly cancelLink: string;
    }
  | { readonly kind: FactorChange }
  | { readonly kind: "recovery-code-used"; readonly left: number }
  | { readonly kind: "recovery-codes-regenerated" }
  /** A closed account (DELETION_GRACE_DAYS) reopened by its restore link. */
  | { readonly kind: "account-restored" };

/** Whom the alert goes to. */
export interface AlertRecipient {
  readonly email: string;
  readonly preferredLanguage: string | null;
}

/** What sending an alert needs: the mailer, the links' origin, and where its link is kept. */
export interface AlertSender {
  readonly db: Executor;
  readonly mailer: Mailer;
  readonly publicUrl: string;
}

/** When and on which device the event happened, as far as the caller knows. */
export interface AlertContext {
  /** The event's moment; the time of sending when not given. */
  readonly at?: Date;
  readonly device?: { readonly browser: string; readonly os: string } | undefined;
}

/**
 * @example
 * await sendSecurityAlert({ db, mailer, publicUrl }, person, { kind: "passkey-added" });
 */
export const sendSecurityAlert = async (
  { db, mailer, publicUrl }: AlertSender,
  to: AlertRecipient & { readonly id: string },
  alert: SecurityAlert,
  context: AlertContext = {},
): Promise<void> => {
  const at = context.at ?? new Date();
  // Bound to the person and to the address it goes to (securing mails that one too, should
  // the account have moved to another address since).
  const secureToken = await issueSecureAccountToken(db, to.id, to.email, at);
  // The two pages every alert links to, from core's route table (the persons feature's
  // mailLinks builds the same; activity sits below persons and does not import it).
  const secure = {
    resetLink: pageUrl(publicUrl, "password-forgotten"),
    devicesLink: pageUrl(publicUrl, "sign-in-devices"),
    secureLink: secureAccountLink(publicUrl, secureToken),
    at: at.toISOString(),
    device: context.device,
  };
  const base = { to: to.email, language: to.preferredLanguage } as const;
  switch (alert.kind) {
    case "password-changed":
      return mailer.send({
        ...base,
        template: "passwordChangedAlert",
        params: alert.emailChangeCancelled ? { ...secure, emailChangeCancelled: true } : secure,
      });
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
        params: { ...secure, newEmail: alert.newEmail, cancelLink: alert.cancelLink },
      });
    case "recovery-code-used":
      return mailer.send({
        ...base,
        template: "recoveryCodeUsedAlert",
        params: { ...secure, left: alert.left },
      });
    case "recovery-codes-regenerated":
      return mailer.send({ ...base, template: "recoveryCodesRegeneratedAlert", params: secure });
    case "account-restored":
      return mailer.send({ ...base, template: "accountRestoredAlert", params: secure });
    default:
      return mailer.send({
        ...base,
        template: "factorChangedAlert",
        params: { ...secure, change: alert.kind },
      });
  }
};

/**
 * The browser and system a request came from, for an alert's context; undefined when the
 * header names neither (an alert then says nothing rather than "Unknown on Unknown").
 */
export const alertDevice = (
  userAgent: string | undefined,
): { readonly browser: string; readonly os: string } | undefined => {
  const { browser, os } = parseUserAgent(userAgent);
  return browser === "Unknown" && os === "Unknown" ? undefined : { browser, os };
};
