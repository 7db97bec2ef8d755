import { SHARED_TEXTS } from "@portal/core";
import { type MailTemplate, paragraph } from "../mail-template.js";
import {
  type AlertParams,
  deviceLine,
  secureAccountBlocks,
  whenBlock,
} from "./security-alert-texts.js";

/** Security alert: a sign-in from a browser and system not seen before for this account. */
export const newDeviceAlert: MailTemplate<
  AlertParams & { readonly browser: string; readonly os: string; readonly address: string }
> = {
  de: (p) => ({
    title: "Anmeldung von einem neuen Gerät",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(
        `Ihr Konto wurde soeben von einem neuen Gerät aus angemeldet: ${deviceLine("de", p)}.`,
      ),
      whenBlock("de", p),
      ...secureAccountBlocks("de", p),
    ],
    reason: "account",
  }),
  en: (p) => ({
    title: "Sign-in from a new device",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph(
        `someone just signed in to your account from a new device: ${deviceLine("en", p)}.`,
      ),
      whenBlock("en", p),
      ...secureAccountBlocks("en", p),
    ],
    reason: "account",
  }),
  fr: (p) => ({
    title: "connexion depuis un nouvel appareil",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph(
        `une connexion à votre compte vient d'avoir lieu depuis un nouvel appareil : ${deviceLine("fr", p)}.`,
      ),
      whenBlock("fr", p),
      ...secureAccountBlocks("fr", p),
    ],
    reason: "account",
  }),
};
