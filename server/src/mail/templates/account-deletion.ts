import type { MailTemplate } from "../mail-template.js";

/** Account deletion: confirm with the link (valid 10 days, spec section 4). */
export const accountDeletion: MailTemplate<{ readonly link: string }> = {
  de: ({ link }, { associationName }) => ({
    subject: `${associationName}: Löschung Ihres Kontos bestätigen`,
    text: `Hallo,\n\nSie haben die Löschung Ihres Kontos beantragt. Mit diesem Link (10 Tage gültig) löschen Sie das Konto und alle zugehörigen Daten unwiderruflich:\n${link}\n\nHaben Sie das nicht beantragt, ignorieren Sie diese E-Mail.`,
  }),
  en: ({ link }, { associationName }) => ({
    subject: `${associationName}: Confirm the deletion of your account`,
    text: `Hello,\n\nyou asked to delete your account. This link (valid for 10 days) deletes the account and all its data irrevocably:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
  }),
  fr: ({ link }, { associationName }) => ({
    subject: `${associationName} : confirmer la suppression de votre compte`,
    text: `Bonjour,\n\nvous avez demandé la suppression de votre compte. Ce lien (valable 10 jours) supprime le compte et toutes ses données de façon irrévocable :\n${link}\n\nSi vous ne l'avez pas demandé, ignorez cet e-mail.`,
  }),
};
