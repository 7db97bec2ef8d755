import { SHARED_TEXTS } from "@portal/core";
import { action, type MailTemplate, paragraph } from "../mail-template.js";
import { type AlertWhen, whenBlock } from "./security-alert-texts.js";

/** The mail's parameters: the new address, the revert link (7 days) and where to reach us. */
type Params = AlertWhen & {
  readonly newEmail: string;
  readonly revertLink: string;
  readonly contactUrl: string;
};

/**
 * Sent to the OLD address once an e-mail change is confirmed: the way back is the revert
 * link, which restores this address and ends every sign-in; a person who needs help
 * reaches us by the contact link.
 */
export const emailChanged: MailTemplate<Params> = {
  de: (p) => ({
    title: "Ihre E-Mail-Adresse wurde geändert",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(`die E-Mail-Adresse Ihres Kontos wurde in ${p.newEmail} geändert.`),
      whenBlock("de", p),
      paragraph(
        "Waren Sie das nicht, stellen Sie Ihre bisherige Adresse wieder her (der Link gilt 7 Tage); dabei werden alle Anmeldungen beendet. Setzen Sie danach ein neues Passwort.",
      ),
      action("Bisherige Adresse wiederherstellen", p.revertLink),
      action("Kontakt aufnehmen", p.contactUrl, "Brauchen Sie Hilfe, erreichen Sie uns hier:"),
    ],
    reason: "account",
  }),
  en: (p) => ({
    title: "Your e-mail address was changed",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph(`the e-mail address of your account was changed to ${p.newEmail}.`),
      whenBlock("en", p),
      paragraph(
        "If this was not you, restore your previous address (the link works for 7 days); this ends every sign-in. Then set a new password.",
      ),
      action("Restore my previous address", p.revertLink),
      action("Contact us", p.contactUrl, "If you need help, you can reach us here:"),
    ],
    reason: "account",
  }),
  fr: (p) => ({
    title: "votre adresse e-mail a été modifiée",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph(`l'adresse e-mail de votre compte a été remplacée par ${p.newEmail}.`),
      whenBlock("fr", p),
      paragraph(
        "Si ce n'était pas vous, rétablissez votre adresse précédente (le lien est valable 7 jours) ; toutes les connexions seront fermées. Définissez ensuite un nouveau mot de passe.",
      ),
      action("Rétablir mon adresse précédente", p.revertLink),
      action("Nous contacter", p.contactUrl, "Si vous avez besoin d'aide, contactez-nous ici :"),
    ],
    reason: "account",
  }),
};
