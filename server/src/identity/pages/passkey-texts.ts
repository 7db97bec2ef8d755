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
  readonly registerPasswordlessTitle: string;
  readonly registerIntro: string;
  readonly registerPasswordlessIntro: string;
  readonly nameLabel: string;
  readonly nameHint: string;
  readonly create: string;
  readonly registerFailed: string;
  readonly unsupported: string;
  readonly defaultName: string;
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
  registerTitle: "Passkey als zweiten Faktor einrichten",
  registerPasswordlessTitle: "Passkey für die Anmeldung ohne Passwort einrichten",
  registerIntro:
    "Ein Passkey bestätigt Ihre Anmeldung nach dem Passwort, mit der Bildschirmsperre Ihres Geräts oder einem Sicherheitsschlüssel.",
  registerPasswordlessIntro:
    "Mit einem Passkey melden Sie sich ohne Passwort an, mit der Bildschirmsperre Ihres Geräts (Fingerabdruck, Gesicht oder PIN) oder einem Sicherheitsschlüssel.",
  nameLabel: "Name des Passkeys",
  nameHint: "Damit Sie Ihre Passkeys unterscheiden können, zum Beispiel „Laptop“.",
  create: "Passkey erstellen",
  registerFailed: "Der Passkey konnte nicht erstellt werden. Bitte versuchen Sie es erneut.",
  unsupported: "Dieser Browser unterstützt keine Passkeys, oder JavaScript ist ausgeschaltet.",
  defaultName: "Passkey",
};

const en: PasskeyTexts = {
  signInWithPasskey: "Sign in with a passkey",
  orPasskey: "Or without a password:",
  passkeyFailed: "The passkey could not be used. Please try again or sign in with your password.",
  passkeyRefused: "This passkey was not accepted.",
  secondFactorPasskey: "Confirm with a passkey",
  secondFactorPasskeyIntro:
    "Confirm the sign-in with one of your passkeys (your device's screen lock or a security key).",
  registerTitle: "Set up a passkey as a second factor",
  registerPasswordlessTitle: "Set up a passkey for sign-in without a password",
  registerIntro:
    "A passkey confirms your sign-in after the password, with your device's screen lock or a security key.",
  registerPasswordlessIntro:
    "With a passkey you sign in without a password, with your device's screen lock (fingerprint, face or PIN) or a security key.",
  nameLabel: "Name of the passkey",
  nameHint: "So that you can tell your passkeys apart, for example “Laptop”.",
  create: "Create passkey",
  registerFailed: "The passkey could not be created. Please try again.",
  unsupported: "This browser does not support passkeys, or JavaScript is switched off.",
  defaultName: "Passkey",
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
  registerTitle: "Configurer une clé d'accès comme second facteur",
  registerPasswordlessTitle: "Configurer une clé d'accès pour se connecter sans mot de passe",
  registerIntro:
    "Une clé d'accès confirme votre connexion après le mot de passe, avec le verrouillage de l'écran de votre appareil ou une clé de sécurité.",
  registerPasswordlessIntro:
    "Avec une clé d'accès, vous vous connectez sans mot de passe, avec le verrouillage de l'écran de votre appareil (empreinte, visage ou code PIN) ou une clé de sécurité.",
  nameLabel: "Nom de la clé d'accès",
  nameHint: "Pour distinguer vos clés d'accès, par exemple « Ordinateur portable ».",
  create: "Créer la clé d'accès",
  registerFailed: "La clé d'accès n'a pas pu être créée. Veuillez réessayer.",
  unsupported:
    "Ce navigateur ne prend pas en charge les clés d'accès, ou JavaScript est désactivé.",
  defaultName: "Clé d'accès",
};

export const PASSKEY_TEXTS: Readonly<Record<PageLanguage, PasskeyTexts>> = { de, en, fr };
