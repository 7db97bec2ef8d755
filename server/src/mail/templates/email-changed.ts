import { SHARED_TEXTS } from "@portal/core";
import { type MailTemplate, paragraph } from "../mail-template.js";

/** Sent to the OLD address once an e-mail change is confirmed. */
export const emailChanged: MailTemplate<{ readonly newEmail: string }> = {
  de: ({ newEmail }) => ({
    title: "Ihre E-Mail-Adresse wurde geändert",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(
        `die E-Mail-Adresse Ihres Kontos wurde in ${newEmail} geändert. Waren Sie das nicht, wenden Sie sich bitte umgehend an uns.`,
      ),
    ],
    reason: "account",
  }),
  en: ({ newEmail }) => ({
    title: "Your e-mail address was changed",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph(
        `the e-mail address of your account was changed to ${newEmail}. If this was not you, please contact us at once.`,
      ),
    ],
    reason: "account",
  }),
  fr: ({ newEmail }) => ({
    title: "votre adresse e-mail a été modifiée",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph(
        `l'adresse e-mail de votre compte a été remplacée par ${newEmail}. Si ce n'était pas vous, contactez-nous immédiatement.`,
      ),
    ],
    reason: "account",
  }),
};
