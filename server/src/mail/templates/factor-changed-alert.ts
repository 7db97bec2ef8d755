import { SHARED_TEXTS } from "@portal/core";
import { type MailLanguage, type MailTemplate, paragraph } from "../mail-template.js";
import { type AlertParams, secureAccountBlocks, whenBlock } from "./security-alert-texts.js";

/** What changed: a second factor or a passkey, added or removed. */
export type FactorChange = "factor-added" | "factor-removed" | "passkey-added" | "passkey-removed";

const WORDS: Record<MailLanguage, Record<FactorChange, { title: string; text: string }>> = {
  de: {
    "factor-added": {
      title: "Zweiter Faktor eingerichtet",
      text: "für Ihr Konto wurde soeben ein zweiter Faktor eingerichtet.",
    },
    "factor-removed": {
      title: "Zweiter Faktor entfernt",
      text: "für Ihr Konto wurde soeben ein zweiter Faktor entfernt.",
    },
    "passkey-added": {
      title: "Passkey hinzugefügt",
      text: "zu Ihrem Konto wurde soeben ein Passkey hinzugefügt.",
    },
    "passkey-removed": {
      title: "Passkey entfernt",
      text: "von Ihrem Konto wurde soeben ein Passkey entfernt.",
    },
  },
  en: {
    "factor-added": {
      title: "Second factor set up",
      text: "a second factor was just set up for your account.",
    },
    "factor-removed": {
      title: "Second factor removed",
      text: "a second factor was just removed from your account.",
    },
    "passkey-added": { title: "Passkey added", text: "a passkey was just added to your account." },
    "passkey-removed": {
      title: "Passkey removed",
      text: "a passkey was just removed from your account.",
    },
  },
  fr: {
    "factor-added": {
      title: "second facteur configuré",
      text: "un second facteur vient d'être configuré pour votre compte.",
    },
    "factor-removed": {
      title: "second facteur supprimé",
      text: "un second facteur vient d'être supprimé de votre compte.",
    },
    "passkey-added": {
      title: "clé d'accès ajoutée",
      text: "une clé d'accès (passkey) vient d'être ajoutée à votre compte.",
    },
    "passkey-removed": {
      title: "clé d'accès supprimée",
      text: "une clé d'accès (passkey) vient d'être supprimée de votre compte.",
    },
  },
};

const body = (language: MailLanguage) => (p: AlertParams & { readonly change: FactorChange }) => ({
  title: WORDS[language][p.change].title,
  greeting: SHARED_TEXTS[language].Mail.greeting,
  blocks: [
    paragraph(WORDS[language][p.change].text),
    whenBlock(language, p),
    ...secureAccountBlocks(language, p),
  ],
  reason: "account" as const,
});

/** Security alert: a second factor or a passkey was added or removed. */
export const factorChangedAlert: MailTemplate<AlertParams & { readonly change: FactorChange }> = {
  de: body("de"),
  en: body("en"),
  fr: body("fr"),
};
