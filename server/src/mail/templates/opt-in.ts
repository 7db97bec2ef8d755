import { SHARED_TEXTS } from "@portal/core";
import { action, type MailTemplate, paragraph } from "../mail-template.js";

/**
 * Registration: confirm the address (link valid 7 days). The address has confirmed
 * nothing yet, so the mail carries no text the registering party chose (not even the
 * name): anyone may register any address, and the association must not mail their
 * words to it as its own.
 */
export const optIn: MailTemplate<{ readonly link: string }> = {
  de: ({ link }) => ({
    title: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    greeting: "Guten Tag,",
    blocks: [
      action(
        "E-Mail-Adresse bestätigen",
        link,
        "bitte bestätigen Sie Ihre Registrierung mit diesem Link (7 Tage gültig):",
      ),
      paragraph("Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail."),
    ],
    reason: "registration",
  }),
  en: ({ link }) => ({
    title: "Please confirm your e-mail address",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      action(
        "Confirm e-mail address",
        link,
        "please confirm your registration with this link (valid for 7 days):",
      ),
      paragraph("If you did not register, ignore this e-mail."),
    ],
    reason: "registration",
  }),
  fr: ({ link }) => ({
    title: "veuillez confirmer votre adresse e-mail",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      action(
        "Confirmer l'adresse e-mail",
        link,
        "veuillez confirmer votre inscription avec ce lien (valable 7 jours) :",
      ),
      paragraph("Si vous ne vous êtes pas inscrit, ignorez cet e-mail."),
    ],
    reason: "registration",
  }),
};
