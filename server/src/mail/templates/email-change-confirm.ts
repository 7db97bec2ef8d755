import type { MailTemplate } from "../mail-template.js";

/** E-mail change: confirm the NEW address (link valid 24 hours). */
export const emailChangeConfirm: MailTemplate<{ readonly link: string }> = {
  de: ({ link }, { associationName }) => ({
    subject: `${associationName}: Bitte bestätigen Sie Ihre neue E-Mail-Adresse`,
    text: `Hallo,\n\nbitte bestätigen Sie Ihre neue E-Mail-Adresse mit diesem Link (24 Stunden gültig):\n${link}\n\nDanach melden Sie sich mit der neuen Adresse an.`,
  }),
  en: ({ link }, { associationName }) => ({
    subject: `${associationName}: Please confirm your new e-mail address`,
    text: `Hello,\n\nplease confirm your new e-mail address with this link (valid for 24 hours):\n${link}\n\nAfterwards, sign in with the new address.`,
  }),
  fr: ({ link }, { associationName }) => ({
    subject: `${associationName} : veuillez confirmer votre nouvelle adresse e-mail`,
    text: `Bonjour,\n\nveuillez confirmer votre nouvelle adresse e-mail avec ce lien (valable 24 heures) :\n${link}\n\nConnectez-vous ensuite avec la nouvelle adresse.`,
  }),
};
