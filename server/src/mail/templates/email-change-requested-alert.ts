import { SHARED_TEXTS } from "@portal/core";
import { type MailTemplate, paragraph } from "../mail-template.js";
import { type SecureAccountLinks, secureAccountBlocks } from "./security-alert-texts.js";

/**
 * Security alert to the OLD address: a change of the account's address to `newEmail` was
 * asked for; until the link mailed to the new address is confirmed, nothing has changed,
 * and a new password stops whoever asked.
 */
export const emailChangeRequestedAlert: MailTemplate<
  SecureAccountLinks & { readonly newEmail: string }
> = {
  de: (p) => ({
    title: "Änderung Ihrer E-Mail-Adresse angefordert",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(
        `für Ihr Konto wurde die Änderung der E-Mail-Adresse in ${p.newEmail} angefordert. Sie wird erst wirksam, wenn der Link an die neue Adresse bestätigt wird.`,
      ),
      ...secureAccountBlocks("de", p),
    ],
    reason: "account",
  }),
  en: (p) => ({
    title: "Change of your e-mail address requested",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph(
        `a change of your account's e-mail address to ${p.newEmail} was requested. It takes effect only once the link sent to the new address is confirmed.`,
      ),
      ...secureAccountBlocks("en", p),
    ],
    reason: "account",
  }),
  fr: (p) => ({
    title: "changement de votre adresse e-mail demandé",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph(
        `le remplacement de l'adresse e-mail de votre compte par ${p.newEmail} a été demandé. Il ne prendra effet qu'une fois le lien envoyé à la nouvelle adresse confirmé.`,
      ),
      ...secureAccountBlocks("fr", p),
    ],
    reason: "account",
  }),
};
