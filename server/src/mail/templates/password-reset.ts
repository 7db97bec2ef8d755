import type { MailTemplate } from "../mail-template.js";

/** Password forgotten: link to set a new password (valid 1 hour). */
export const passwordReset: MailTemplate<{ readonly link: string }> = {
  de: ({ link }, { associationName }) => ({
    subject: `${associationName}: Passwort zurücksetzen`,
    text: `Hallo,\n\nmit diesem Link setzen Sie ein neues Passwort (1 Stunde gültig):\n${link}\n\nHaben Sie das nicht angefordert, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.`,
  }),
  en: ({ link }, { associationName }) => ({
    subject: `${associationName}: Reset your password`,
    text: `Hello,\n\nset a new password with this link (valid for 1 hour):\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays unchanged.`,
  }),
  fr: ({ link }, { associationName }) => ({
    subject: `${associationName} : réinitialiser votre mot de passe`,
    text: `Bonjour,\n\ndéfinissez un nouveau mot de passe avec ce lien (valable 1 heure) :\n${link}\n\nSi vous ne l'avez pas demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.`,
  }),
};
