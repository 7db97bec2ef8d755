import { SHARED_TEXTS } from "@portal/core";
import { dangerAction, type MailTemplate, paragraph } from "../mail-template.js";

/**
 * Account deletion: confirm with the link (valid 10 days, spec section 4). Its button is
 * red, as the app's: the page behind it names the account and asks for a last click.
 */
export const accountDeletion: MailTemplate<{ readonly link: string }> = {
  de: ({ link }) => ({
    title: "Löschung Ihres Kontos bestätigen",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      dangerAction(
        "Konto endgültig löschen",
        link,
        "Sie haben die Löschung Ihres Kontos beantragt. Mit diesem Link (10 Tage gültig) löschen Sie das Konto und alle zugehörigen Daten unwiderruflich:",
      ),
      paragraph("Haben Sie das nicht beantragt, ignorieren Sie diese E-Mail."),
    ],
    reason: "account",
  }),
  en: ({ link }) => ({
    title: "Confirm the deletion of your account",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      dangerAction(
        "Delete account permanently",
        link,
        "you asked to delete your account. This link (valid for 10 days) deletes the account and all its data irrevocably:",
      ),
      paragraph("If you did not ask for this, ignore this e-mail."),
    ],
    reason: "account",
  }),
  fr: ({ link }) => ({
    title: "confirmer la suppression de votre compte",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      dangerAction(
        "Supprimer définitivement le compte",
        link,
        "vous avez demandé la suppression de votre compte. Ce lien (valable 10 jours) supprime le compte et toutes ses données de façon irrévocable :",
      ),
      paragraph("Si vous ne l'avez pas demandé, ignorez cet e-mail."),
    ],
    reason: "account",
  }),
};
