import { SHARED_TEXTS } from "@portal/core";
import type { MailTemplate } from "../mail-template.js";
import { paragraph } from "../mail-template.js";
import { type AlertParams, secureAccountBlocks, whenBlock } from "./security-alert-texts.js";

/** Security alert: the account's password was changed (or reset). */
export const passwordChangedAlert: MailTemplate<AlertParams> = {
  de: (links) => ({
    title: "Ihr Passwort wurde geändert",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph("das Passwort Ihres Kontos wurde soeben geändert."),
      whenBlock("de", links),
      ...secureAccountBlocks("de", links),
    ],
    reason: "account",
  }),
  en: (links) => ({
    title: "Your password was changed",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph("the password of your account was just changed."),
      whenBlock("en", links),
      ...secureAccountBlocks("en", links),
    ],
    reason: "account",
  }),
  fr: (links) => ({
    title: "votre mot de passe a été modifié",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph("le mot de passe de votre compte vient d'être modifié."),
      whenBlock("fr", links),
      ...secureAccountBlocks("fr", links),
    ],
    reason: "account",
  }),
};
