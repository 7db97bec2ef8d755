import type { MailTemplate } from "../mail-template.js";

/** Sent to the OLD address once an e-mail change is confirmed. */
export const emailChanged: MailTemplate<{ readonly newEmail: string }> = {
  de: ({ newEmail }, { associationName }) => ({
    subject: `${associationName}: Ihre E-Mail-Adresse wurde geändert`,
    text: `Hallo,\n\ndie E-Mail-Adresse Ihres Kontos wurde in ${newEmail} geändert. Waren Sie das nicht, wenden Sie sich bitte umgehend an uns.`,
  }),
  en: ({ newEmail }, { associationName }) => ({
    subject: `${associationName}: Your e-mail address was changed`,
    text: `Hello,\n\nthe e-mail address of your account was changed to ${newEmail}. If this was not you, please contact us at once.`,
  }),
  fr: ({ newEmail }, { associationName }) => ({
    subject: `${associationName} : votre adresse e-mail a été modifiée`,
    text: `Bonjour,\n\nl'adresse e-mail de votre compte a été remplacée par ${newEmail}. Si ce n'était pas vous, contactez-nous immédiatement.`,
  }),
};
