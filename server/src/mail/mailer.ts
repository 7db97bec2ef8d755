import { normaliseEmail } from "@portal/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { mailLog, outboxMessages } from "../db/schema/index.js";
import { mailHtml } from "./mail-html.js";
import {
  type MailBrand,
  type MailContent,
  type MailTemplate,
  mailLanguage,
  subjectOf,
} from "./mail-template.js";
import { mailText } from "./mail-text.js";
import { MAIL_TEMPLATES } from "./templates/index.js";

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
/** The parameters a template needs. */
export type MailParams<N extends MailTemplateName> =
  (typeof MAIL_TEMPLATES)[N] extends MailTemplate<infer P> ? P : never;

/** One mail to send. `language` is the person's preferred language (any of the five, or null). */
export interface MailRequest<N extends MailTemplateName> {
  readonly to: string;
  readonly template: N;
  readonly language: string | null | undefined;
  readonly params: MailParams<N>;
  /**
   * false: no entry in the mail log. The log is what a person's export lists; the notice
   * that the account was erased goes to nobody who has one, and must not leave the address
   * behind the erasure.
   */
  readonly log?: false;
}

/** Sends mails by template: over SMTP when configured, else into the outbox table. */
export interface Mailer {
  readonly transport: "smtp" | "outbox";
  send<N extends MailTemplateName>(mail: MailRequest<N>): Promise<void>;
}

export interface MailerOptions {
  readonly smtpUrl: string | undefined;
  readonly from: string;
  readonly brand: MailBrand;
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  /** The process clock (the mail log's dates); the system time when not given. */
  readonly now?: () => Date;
}

/** Renders a template in the person's language: subject, text part and HTML part. */
export const renderMail = <N extends MailTemplateName>(
  mail: MailRequest<N>,
  brand: MailBrand,
): MailContent => {
  const template = MAIL_TEMPLATES[mail.template] as MailTemplate<MailParams<N>>;
  const language = mailLanguage(mail.language);
  const body = template[language](mail.params);
  return {
    subject: subjectOf(body, language, brand),
    text: mailText(body, language, brand),
    html: mailHtml(body, language, brand),
  };
};

/** Every absolute link in a mail text, in order, without duplicates. */
export const linksIn = (text: string): string[] => [
  ...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? []),
];

/**
 * The mailer of the process. Logs name the template only: never the body, a link or a token.
 *
 * @example
 * await mailer.send({ to: "e@x.de", template: "passwordReset", language: "de", params: { link } });
 */
export const createMailer = (options: MailerOptions): Mailer => {
  // What the person's export lists as mails sent to them: never the body or a link.
  const logMail = async (to: string, template: string, subject: string): Promise<void> => {
    await options.db
      .insert(mailLog)
      .values({ to: normaliseEmail(to), template, subject, sentAt: options.now?.() ?? new Date() });
  };
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // nodemailer is loaded only where SMTP is configured: about 5 MB of heap that the
    // embedded default (the outbox) never needs (docs/performance.md, "Memory").
    const transport = import("nodemailer").then((m) => m.default.createTransport(smtpUrl));
    return {
      transport: "smtp",
      send: async (mail) => {
        const { subject, text, html } = renderMail(mail, options.brand);
        // Both parts: nodemailer sends them as multipart/alternative, text first.
        await (await transport).sendMail({ from: options.from, to: mail.to, subject, text, html });
        if (mail.log !== false) await logMail(mail.to, mail.template, subject);
        options.log.info({ template: mail.template }, "mail sent over SMTP");
      },
    };
  }
  return {
    transport: "outbox",
    send: async (mail) => {
      const { subject, text, html } = renderMail(mail, options.brand);
      await options.db.insert(outboxMessages).values({
        to: normaliseEmail(mail.to),
        subject,
        text,
        html,
        links: linksIn(text),
        template: mail.template,
      });
      if (mail.log !== false) await logMail(mail.to, mail.template, subject);
      options.log.info({ template: mail.template }, "mail stored in the outbox");
    },
  };
};
