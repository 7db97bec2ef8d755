import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.js";
import { outboxMessages } from "../db/schema/index.js";
import {
  type MailBrand,
  type MailContent,
  type MailTemplate,
  mailLanguage,
  withSignOff,
} from "./mail-template.js";
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
}

/** Renders a template in the person's language. */
export const renderMail = <N extends MailTemplateName>(
  mail: MailRequest<N>,
  brand: MailBrand,
): MailContent => {
  const template = MAIL_TEMPLATES[mail.template] as MailTemplate<MailParams<N>>;
  const language = mailLanguage(mail.language);
  return withSignOff(template[language](mail.params, brand), language, brand);
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
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: "smtp",
      send: async (mail) => {
        const { subject, text } = renderMail(mail, options.brand);
        await transport.sendMail({ from: options.from, to: mail.to, subject, text });
        options.log.info({ template: mail.template }, "mail sent over SMTP");
      },
    };
  }
  return {
    transport: "outbox",
    send: async (mail) => {
      const { subject, text } = renderMail(mail, options.brand);
      await options.db.insert(outboxMessages).values({
        to: mail.to.toLowerCase(),
        subject,
        text,
        links: linksIn(text),
        template: mail.template,
      });
      options.log.info({ template: mail.template }, "mail stored in the outbox");
    },
  };
};
