import { SHARED_TEXTS } from "@portal/core";
import { action, type MailTemplate, paragraph } from "../mail-template.js";
import { type AlertParams, whenBlock } from "./security-alert-texts.js";

/**
 * Sent to the restored address after an e-mail change was undone by its revert link:
 * every sign-in has ended; whoever changed the address likely knew the password, so a new
 * one comes next (the password-forgotten link, as the address is the person's again).
 */
export const emailReverted: MailTemplate<AlertParams & { readonly email: string }> = {
  de: (p) => ({
    title: "Ihre bisherige E-Mail-Adresse gilt wieder",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(
        `Ihr Konto hat wieder die Adresse ${p.email}; alle Anmeldungen wurden beendet und offene Links ungültig.`,
      ),
      whenBlock("de", p),
      paragraph(
        "Wer Ihre Adresse geändert hat, kannte wahrscheinlich Ihr Passwort. Setzen Sie bitte jetzt ein neues Passwort.",
      ),
      action(SHARED_TEXTS.de.Password.setNew, p.resetLink),
      action(SHARED_TEXTS.de.SignInDevices.title, p.devicesLink),
    ],
    reason: "account",
  }),
  en: (p) => ({
    title: "Your previous e-mail address applies again",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph(
        `your account has the address ${p.email} again; every sign-in was ended and open links no longer work.`,
      ),
      whenBlock("en", p),
      paragraph(
        "Whoever changed your address probably knew your password. Please set a new password now.",
      ),
      action(SHARED_TEXTS.en.Password.setNew, p.resetLink),
      action(SHARED_TEXTS.en.SignInDevices.title, p.devicesLink),
    ],
    reason: "account",
  }),
  fr: (p) => ({
    title: "votre adresse e-mail précédente est rétablie",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph(
        `votre compte a de nouveau l'adresse ${p.email} ; toutes les connexions ont été fermées et les liens en cours ne sont plus valables.`,
      ),
      whenBlock("fr", p),
      paragraph(
        "La personne qui a modifié votre adresse connaissait probablement votre mot de passe. Veuillez définir un nouveau mot de passe dès maintenant.",
      ),
      action(SHARED_TEXTS.fr.Password.setNew, p.resetLink),
      action(SHARED_TEXTS.fr.SignInDevices.title, p.devicesLink),
    ],
    reason: "account",
  }),
};
