import { SHARED_TEXTS } from "@portal/core";
import { type MailTemplate, paragraph } from "../mail-template.js";
import { type AlertParams, secureAccountBlocks, whenBlock } from "./security-alert-texts.js";

/** Security alert: a recovery code was used to sign in; `left` codes remain. */
export const recoveryCodeUsedAlert: MailTemplate<AlertParams & { readonly left: number }> = {
  de: (p) => ({
    title: "Wiederherstellungscode verwendet",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(
        `bei der Anmeldung in Ihr Konto wurde soeben ein Wiederherstellungscode verwendet. Es sind noch ${p.left} Codes übrig.`,
      ),
      whenBlock("de", p),
      ...secureAccountBlocks("de", p),
    ],
    reason: "account",
  }),
  en: (p) => ({
    title: "Recovery code used",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph(
        `a recovery code was just used to sign in to your account. ${p.left} codes are left.`,
      ),
      whenBlock("en", p),
      ...secureAccountBlocks("en", p),
    ],
    reason: "account",
  }),
  fr: (p) => ({
    title: "code de récupération utilisé",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph(
        `un code de récupération vient d'être utilisé pour se connecter à votre compte. Il reste ${p.left} codes.`,
      ),
      whenBlock("fr", p),
      ...secureAccountBlocks("fr", p),
    ],
    reason: "account",
  }),
};
