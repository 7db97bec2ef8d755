import { SHARED_TEXTS } from "@portal/core";
import { type MailTemplate, paragraph } from "../mail-template.js";

/**
 * After the erasure, to the address the account had: it is gone. No link and no button:
 * there is no account left to lead into, and a mail that says "deleted" must not invite a
 * sign-in. Whoever did not ask for it is told whom to contact.
 */
export const accountDeleted: MailTemplate<Readonly<Record<string, never>>> = {
  de: () => ({
    title: "Ihr Konto wurde gelöscht",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(
        "Ihr Konto im Kundenportal und alle zugehörigen Daten wurden soeben auf Ihren Wunsch unwiderruflich gelöscht.",
      ),
      paragraph(
        "Haben Sie die Löschung nicht selbst bestätigt, wenden Sie sich bitte an unseren Kundenservice.",
      ),
    ],
    reason: "deleted",
  }),
  en: () => ({
    title: "Your account was deleted",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph(
        "your account on the customer portal and all its data were just deleted irrevocably, as you asked.",
      ),
      paragraph(
        "If you did not confirm the deletion yourself, please contact our customer service.",
      ),
    ],
    reason: "deleted",
  }),
  fr: () => ({
    title: "votre compte a été supprimé",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph(
        "votre compte du portail client et toutes ses données viennent d'être supprimés de façon irrévocable, comme vous l'avez demandé.",
      ),
      paragraph(
        "Si vous n'avez pas confirmé vous-même la suppression, veuillez contacter notre service client.",
      ),
    ],
    reason: "deleted",
  }),
};
