import type { MailTemplate } from "../mail-template.js";

/**
 * Registration: confirm the address (link valid 7 days). The address has confirmed
 * nothing yet, so the mail carries no text the registering party chose (not even the
 * name): anyone may register any address, and the association must not mail their
 * words to it as its own.
 */
export const optIn: MailTemplate<{ readonly link: string }> = {
  de: ({ link }, { associationName }) => ({
    subject: `${associationName}: Bitte bestätigen Sie Ihre E-Mail-Adresse`,
    text: `Guten Tag,\n\nbitte bestätigen Sie Ihre Registrierung mit diesem Link (7 Tage gültig):\n${link}\n\nWenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.`,
  }),
  en: ({ link }, { associationName }) => ({
    subject: `${associationName}: Please confirm your e-mail address`,
    text: `Hello,\n\nplease confirm your registration with this link (valid for 7 days):\n${link}\n\nIf you did not register, ignore this e-mail.`,
  }),
  fr: ({ link }, { associationName }) => ({
    subject: `${associationName} : veuillez confirmer votre adresse e-mail`,
    text: `Bonjour,\n\nveuillez confirmer votre inscription avec ce lien (valable 7 jours) :\n${link}\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.`,
  }),
};
