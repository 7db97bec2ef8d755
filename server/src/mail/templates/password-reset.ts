import { SHARED_TEXTS } from "@portal/core";
import { action, type MailTemplate, paragraph } from "../mail-template.js";

/** Password forgotten: link to set a new password (valid 1 hour). */
export const passwordReset: MailTemplate<{ readonly link: string }> = {
  de: ({ link }) => ({
    title: "Passwort zurücksetzen",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      action(
        SHARED_TEXTS.de.Password.setNew,
        link,
        "mit diesem Link setzen Sie ein neues Passwort (1 Stunde gültig):",
      ),
      paragraph(
        "Haben Sie das nicht angefordert, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.",
      ),
    ],
    reason: "account",
  }),
  en: ({ link }) => ({
    title: "Reset your password",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      action(
        SHARED_TEXTS.en.Password.setNew,
        link,
        "set a new password with this link (valid for 1 hour):",
      ),
      paragraph("If you did not ask for this, ignore this e-mail; your password stays unchanged."),
    ],
    reason: "account",
  }),
  fr: ({ link }) => ({
    title: "réinitialiser votre mot de passe",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      action(
        SHARED_TEXTS.fr.Password.setNew,
        link,
        "définissez un nouveau mot de passe avec ce lien (valable 1 heure) :",
      ),
      paragraph(
        "Si vous ne l'avez pas demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.",
      ),
    ],
    reason: "account",
  }),
};
