import type { PageLanguage } from "./texts.js";

/**
 * The texts of the set-up pages' helpers: copying the authenticator key or the recovery
 * codes to the clipboard, and opening the key in an authenticator app on this phone.
 */
export interface CopyTexts {
  readonly copyKey: string;
  readonly copyAll: string;
  /** Said (politely, in a live region) once the clipboard holds the text. */
  readonly copied: string;
  readonly copyFailed: string;
  readonly openInApp: string;
  readonly openInAppHint: string;
}

const de: CopyTexts = {
  copyKey: "Schlüssel kopieren",
  copyAll: "Alle Codes kopieren",
  copied: "In die Zwischenablage kopiert.",
  copyFailed: "Das Kopieren ist nicht gelungen. Bitte markieren und kopieren Sie den Text selbst.",
  openInApp: "In der Authenticator-App öffnen",
  openInAppHint: "Auf diesem Smartphone: öffnet Ihre Authenticator-App mit dem Schlüssel.",
};

const en: CopyTexts = {
  copyKey: "Copy key",
  copyAll: "Copy all codes",
  copied: "Copied to the clipboard.",
  copyFailed: "Copying did not work. Please select and copy the text yourself.",
  openInApp: "Open in the authenticator app",
  openInAppHint: "On this phone: opens your authenticator app with the key.",
};

const fr: CopyTexts = {
  copyKey: "Copier la clé",
  copyAll: "Copier tous les codes",
  copied: "Copié dans le presse-papiers.",
  copyFailed: "La copie n'a pas fonctionné. Veuillez sélectionner et copier le texte vous-même.",
  openInApp: "Ouvrir dans l'application d'authentification",
  openInAppHint: "Sur ce smartphone : ouvre votre application d'authentification avec la clé.",
};

export const COPY_TEXTS: Readonly<Record<PageLanguage, CopyTexts>> = { de, en, fr };
