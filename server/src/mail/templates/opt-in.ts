import type { MailTemplate } from "../mail-template.js";

/** Registration: confirm the address (link valid 7 days). */
export const optIn: MailTemplate<{ readonly givenName: string; readonly link: string }> = {
  de: ({ givenName, link }, { associationName }) => ({
    subject: `${associationName}: Bitte bestätigen Sie Ihre E-Mail-Adresse`,
    text: `Hallo ${givenName},\n\nbitte bestätigen Sie Ihre Registrierung mit diesem Link (7 Tage gültig):\n${link}\n\nWenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.`,
  }),
  en: ({ givenName, link }, { associationName }) => ({
    subject: `${associationName}: Please confirm your e-mail address`,
    text: `Hello ${givenName},\n\nplease confirm your registration with this link (valid for 7 days):\n${link}\n\nIf you did not register, ignore this e-mail.`,
  }),
  fr: ({ givenName, link }, { associationName }) => ({
    subject: `${associationName} : veuillez confirmer votre adresse e-mail`,
    text: `Bonjour ${givenName},\n\nveuillez confirmer votre inscription avec ce lien (valable 7 jours) :\n${link}\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.`,
  }),
};
