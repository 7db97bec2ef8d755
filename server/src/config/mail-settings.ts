import { matching, oneOf, text, wholeNumber } from "./rules.js";
import { optional, setting, type Values } from "./setting.js";

/** MAIL_OUTBOX: who may read the outbox while mails are not sent over SMTP. */
export const MAIL_OUTBOX_MODES = ["local", "public"] as const;
export type MailOutbox = (typeof MAIL_OUTBOX_MODES)[number];

/** How mails leave the portal, or wait in its outbox. */
export const mailSettings = {
  /** Mail over SMTP (SMTP_URL); unset keeps mails in the outbox. */
  smtpUrl: optional(
    "SMTP_URL",
    matching(/^smtps?:\/\//, "smtp://host:port or smtps://..."),
    "url-with-password",
  ),
  /**
   * Who may read the mail outbox while no SMTP_URL is set (MAIL_OUTBOX): `local` (the
   * default) serves it only for a loopback PUBLIC_URL and only to this machine; `public`
   * serves it to anyone (a demo). See mail/outbox-exposure.ts.
   */
  mailOutbox: setting(
    "MAIL_OUTBOX",
    oneOf(
      MAIL_OUTBOX_MODES,
      "local (the default: the outbox only for a loopback PUBLIC_URL, read on this machine) or public (anyone who reaches the server reads every mail: demos only)",
    ),
    "local",
  ),
  /** Sender of every mail (MAIL_FROM; default no-reply at the public host). */
  mailFrom: setting(
    "MAIL_FROM",
    text,
    ({ publicUrl }: { publicUrl: string }) => `no-reply@${new URL(publicUrl).hostname}`,
  ),
  /** How often the server's worker sends queued mails (MAIL_QUEUE_POLL_MS, default 1000). */
  mailQueuePollMs: setting(
    "MAIL_QUEUE_POLL_MS",
    wholeNumber(50, 3_600_000, "whole milliseconds from 50 to 3600000"),
    "1000",
  ),
};

export type MailSettings = Values<typeof mailSettings>;
