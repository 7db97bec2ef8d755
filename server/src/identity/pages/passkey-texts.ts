import type { PageLanguage } from "./texts.js";

/** The texts of the passkey parts of the provider's pages; `{name}` marks a parameter. */
export interface PasskeyTexts {
  readonly signInWithPasskey: string;
  readonly orPasskey: string;
  readonly passkeyFailed: string;
  readonly passkeyRefused: string;
  readonly secondFactorPasskey: string;
  readonly secondFactorPasskeyIntro: string;
  readonly registerTitle: string;
  readonly registerIntro: string;
  readonly nameLabel: string;
  readonly nameHint: string;
  readonly create: string;
  readonly registerFailed: string;
  /** The browser's InvalidStateError: this device already holds one of the person's passkeys. */
  readonly registerExists: string;
  readonly unsupported: string;
  readonly defaultName: string;
  /** A new passkey's suggested name: `{browser}` and `{os}` of the request. */
  readonly deviceName: string;
  /** Title of the removal page for a passkey (never "two-factor authentication"). */
  readonly removeTitle: string;
}

const de: PasskeyTexts = {
  signInWithPasskey: "Mit einem Passkey anmelden",
  orPasskey: "Oder ohne Passwort:",
  passkeyFailed:
    "Der Passkey konnte nicht verwendet werden. Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.",
  passkeyRefused: "Dieser Passkey wurde nicht akzeptiert.",
  secondFactorPasskey: "Mit einem Passkey bestätigen",
  secondFactorPasskeyIntro:
    "Bestätigen Sie die Anmeldung mit einem Ihrer Passkeys (Bildschirmsperre des Geräts oder Sicherheitsschlüssel).",
  registerTitle: "Passkey hinzufügen",
  registerIntro:
    "Mit einem Passkey melden Sie sich ohne Passwort an, mit der Bildschirmsperre Ihres Geräts (Fingerabdruck, Gesicht oder PIN) oder einem Sicherheitsschlüssel. Melden Sie sich mit dem Passwort an, bestätigt er die Anmeldung als zweiter Faktor.",
  nameLabel: "Name des Passkeys",
  nameHint: "Damit Sie Ihre Passkeys unterscheiden können, zum Beispiel „Laptop“.",
  create: "Passkey erstellen",
  registerFailed: "Der Passkey konnte nicht erstellt werden. Bitte versuchen Sie es erneut.",
  registerExists:
    "Dieses Gerät hat bereits einen Passkey für Ihr Konto. Melden Sie sich damit an, oder fügen Sie einen Passkey auf einem anderen Gerät oder Sicherheitsschlüssel hinzu.",
  unsupported: "Dieser Browser unterstützt keine Passkeys, oder JavaScript ist ausgeschaltet.",
  defaultName: "Passkey",
  deviceName: "{browser} unter {os}",
  removeTitle: "Passkey entfernen",
};

const en: PasskeyTexts = {
  signInWithPasskey: "Sign in with a passkey",
  orPasskey: "Or without a password:",
  passkeyFailed: "The passkey could not be used. Please try again or sign in with your password.",
  passkeyRefused: "This passkey was not accepted.",
  secondFactorPasskey: "Confirm with a passkey",
  secondFactorPasskeyIntro:
    "Confirm the sign-in with one of your passkeys (your device's screen lock or a security key).",
  registerTitle: "Add a passkey",
  registerIntro:
    "With a passkey you sign in without a password, with your device's screen lock (fingerprint, face or PIN) or a security key. When you sign in with your password, it confirms the sign-in as your second factor.",
  nameLabel: "Name of the passkey",
  nameHint: "So that you can tell your passkeys apart, for example “Laptop”.",
  create: "Create passkey",
  registerFailed: "The passkey could not be created. Please try again.",
  registerExists:
    "This device already has a passkey for your account. Sign in with it, or add a passkey on another device or security key.",
  unsupported: "This browser does not support passkeys, or JavaScript is switched off.",
  defaultName: "Passkey",
  deviceName: "{browser} on {os}",
  removeTitle: "Remove passkey",
};

const fr: PasskeyTexts = {
  signInWithPasskey: "Se connecter avec une clé d'accès",
  orPasskey: "Ou sans mot de passe :",
  passkeyFailed:
    "La clé d'accès n'a pas pu être utilisée. Veuillez réessayer ou vous connecter avec votre mot de passe.",
  passkeyRefused: "Cette clé d'accès n'a pas été acceptée.",
  secondFactorPasskey: "Confirmer avec une clé d'accès",
  secondFactorPasskeyIntro:
    "Confirmez la connexion avec l'une de vos clés d'accès (verrouillage de l'écran de votre appareil ou clé de sécurité).",
  registerTitle: "Ajouter une clé d'accès",
  registerIntro:
    "Avec une clé d'accès, vous vous connectez sans mot de passe, avec le verrouillage de l'écran de votre appareil (empreinte, visage ou code PIN) ou une clé de sécurité. Lorsque vous vous connectez avec votre mot de passe, elle confirme la connexion comme second facteur.",
  nameLabel: "Nom de la clé d'accès",
  nameHint: "Pour distinguer vos clés d'accès, par exemple « Ordinateur portable ».",
  create: "Créer la clé d'accès",
  registerFailed: "La clé d'accès n'a pas pu être créée. Veuillez réessayer.",
  registerExists:
    "Cet appareil a déjà une clé d'accès pour votre compte. Connectez-vous avec elle, ou ajoutez une clé d'accès sur un autre appareil ou une clé de sécurité.",
  unsupported:
    "Ce navigateur ne prend pas en charge les clés d'accès, ou JavaScript est désactivé.",
  defaultName: "Clé d'accès",
  deviceName: "{browser} sous {os}",
  removeTitle: "Supprimer la clé d'accès",
};

export const PASSKEY_TEXTS: Readonly<Record<PageLanguage, PasskeyTexts>> = { de, en, fr };
