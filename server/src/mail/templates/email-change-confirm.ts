import { SHARED_TEXTS } from "@portal/core";
import { action, type MailTemplate, paragraph } from "../mail-template.js";

/** E-mail change: confirm the NEW address (link valid 24 hours). */
export const emailChangeConfirm: MailTemplate<{ readonly link: string }> = {
  de: ({ link }) => ({
    title: "Bitte bestätigen Sie Ihre neue E-Mail-Adresse",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      action(
        "Neue Adresse bestätigen",
        link,
        "bitte bestätigen Sie Ihre neue E-Mail-Adresse mit diesem Link (24 Stunden gültig):",
      ),
      paragraph("Danach melden Sie sich mit der neuen Adresse an."),
    ],
    reason: "newAddress",
  }),
  en: ({ link }) => ({
    title: "Please confirm your new e-mail address",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      action(
        "Confirm new address",
        link,
        "please confirm your new e-mail address with this link (valid for 24 hours):",
      ),
      paragraph("Afterwards, sign in with the new address."),
    ],
    reason: "newAddress",
  }),
  fr: ({ link }) => ({
    title: "veuillez confirmer votre nouvelle adresse e-mail",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      action(
        "Confirmer la nouvelle adresse",
        link,
        "veuillez confirmer votre nouvelle adresse e-mail avec ce lien (valable 24 heures) :",
      ),
      paragraph("Connectez-vous ensuite avec la nouvelle adresse."),
    ],
    reason: "newAddress",
  }),
};
