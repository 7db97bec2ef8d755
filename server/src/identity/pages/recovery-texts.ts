import type { PageLanguage } from "./texts.js";

// The provider pages' texts about recovery codes, in their own module beside the main
// catalogue (texts-*.ts) so the feature's words stay together; `{name}` marks a parameter.

export interface RecoveryTexts {
  /** Set-up page (CONFIGURE_RECOVERY_AUTHN_CODES). */
  readonly setupTitle: string;
  readonly setupIntro: string;
  readonly setupReplaces: string;
  readonly listLabel: string;
  readonly download: string;
  readonly print: string;
  /** First line of the downloaded file; `{name}` is the association, `{date}` the day. */
  readonly fileHeading: string;
  readonly fileHint: string;
  readonly savedConfirm: string;
  readonly savedMissing: string;
  readonly save: string;
  readonly noSecondFactor: string;
  /** Second-factor step. */
  readonly useInstead: string;
  readonly codeLabel: string;
  readonly codeHint: string;
  readonly codeSubmit: string;
  readonly codeInvalid: string;
  /** After a sign-in with a code, when few are left. */
  readonly lowTitle: string;
  readonly lowText: string;
  readonly lowNone: string;
  readonly continue: string;
}

// The long German compound gets a soft hyphen (U+00AD) where a title may break on a phone.
const de: RecoveryTexts = {
  setupTitle: "Wiederherstellungs\u00adcodes",
  setupIntro:
    "Mit jedem dieser 12 Codes können Sie sich einmal anmelden, wenn Ihr zweiter Faktor nicht zur Hand ist. Bewahren Sie sie sicher auf, zum Beispiel ausgedruckt oder in einem Passwort-Manager. Sie werden nur jetzt angezeigt.",
  setupReplaces:
    "Die neuen Codes ersetzen Ihre bisherigen; die alten gelten nach dem Speichern nicht mehr.",
  listLabel: "Ihre Wiederherstellungscodes",
  download: "Als Textdatei herunterladen",
  print: "Drucken",
  fileHeading: "{name}: Wiederherstellungscodes, erstellt am {date}",
  fileHint: "Jeder Code gilt für eine Anmeldung.",
  savedConfirm: "Ich habe die Codes sicher aufbewahrt.",
  savedMissing: "Bitte bestätigen Sie, dass Sie die Codes sicher aufbewahrt haben.",
  save: "Codes aktivieren",
  noSecondFactor:
    "Wiederherstellungscodes ergänzen einen zweiten Faktor. Bitte richten Sie zuerst die Authenticator-App oder Codes per E-Mail ein.",
  useInstead: "Stattdessen einen Wiederherstellungscode verwenden",
  codeLabel: "Wiederherstellungscode",
  codeHint: "16 Zeichen, zum Beispiel ABCD-EFGH-JKMN-PQRS. Jeder Code gilt nur einmal.",
  codeSubmit: "Mit Code anmelden",
  codeInvalid: "Der Wiederherstellungscode ist ungültig oder wurde schon verwendet.",
  lowTitle: "Nur noch wenige Wiederherstellungs\u00adcodes",
  lowText:
    "Sie haben sich mit einem Wiederherstellungscode angemeldet. Es bleiben Ihnen noch {count}. Erstellen Sie unter „Sicherheit“ neue Codes.",
  lowNone:
    "Sie haben sich mit Ihrem letzten Wiederherstellungscode angemeldet. Erstellen Sie unter „Sicherheit“ neue Codes.",
  continue: "Weiter",
};

const en: RecoveryTexts = {
  setupTitle: "Recovery codes",
  setupIntro:
    "Each of these 12 codes signs you in once when your second factor is not at hand. Keep them safe, for example printed or in a password manager. They are shown only now.",
  setupReplaces:
    "The new codes replace your current ones; the old ones stop working once you save.",
  listLabel: "Your recovery codes",
  download: "Download as a text file",
  print: "Print",
  fileHeading: "{name}: recovery codes, made on {date}",
  fileHint: "Each code works for one sign-in.",
  savedConfirm: "I have stored the codes safely.",
  savedMissing: "Please confirm that you have stored the codes safely.",
  save: "Activate codes",
  noSecondFactor:
    "Recovery codes back up a second factor. Please set up the authenticator app or codes by e-mail first.",
  useInstead: "Use a recovery code instead",
  codeLabel: "Recovery code",
  codeHint: "16 characters, for example ABCD-EFGH-JKMN-PQRS. Each code works once.",
  codeSubmit: "Sign in with the code",
  codeInvalid: "The recovery code is invalid or has already been used.",
  lowTitle: "Only a few recovery codes left",
  lowText:
    "You signed in with a recovery code. You have {count} left. Make new codes under “Security”.",
  lowNone: "You signed in with your last recovery code. Make new codes under “Security”.",
  continue: "Continue",
};

const fr: RecoveryTexts = {
  setupTitle: "Codes de récupération",
  setupIntro:
    "Chacun de ces 12 codes vous permet de vous connecter une fois lorsque votre second facteur n’est pas disponible. Conservez-les en lieu sûr, par exemple imprimés ou dans un gestionnaire de mots de passe. Ils ne sont affichés que maintenant.",
  setupReplaces:
    "Les nouveaux codes remplacent les précédents ; les anciens ne sont plus valables dès l’enregistrement.",
  listLabel: "Vos codes de récupération",
  download: "Télécharger en fichier texte",
  print: "Imprimer",
  fileHeading: "{name} : codes de récupération, créés le {date}",
  fileHint: "Chaque code est valable pour une connexion.",
  savedConfirm: "J’ai conservé les codes en lieu sûr.",
  savedMissing: "Veuillez confirmer que vous avez conservé les codes en lieu sûr.",
  save: "Activer les codes",
  noSecondFactor:
    "Les codes de récupération complètent un second facteur. Veuillez d’abord configurer l’application d’authentification ou les codes par e-mail.",
  useInstead: "Utiliser plutôt un code de récupération",
  codeLabel: "Code de récupération",
  codeHint:
    "16 caractères, par exemple ABCD-EFGH-JKMN-PQRS. Chaque code n’est valable qu’une fois.",
  codeSubmit: "Se connecter avec le code",
  codeInvalid: "Le code de récupération n’est pas valide ou a déjà été utilisé.",
  lowTitle: "Il ne reste que peu de codes de récupération",
  lowText:
    "Vous vous êtes connecté avec un code de récupération. Il vous en reste {count}. Créez de nouveaux codes sous « Sécurité ».",
  lowNone:
    "Vous vous êtes connecté avec votre dernier code de récupération. Créez de nouveaux codes sous « Sécurité ».",
  continue: "Continuer",
};

const TEXTS: Readonly<Record<PageLanguage, RecoveryTexts>> = { de, en, fr };

/** The recovery-code texts of a page's language. */
export const recoveryTexts = (language: PageLanguage): RecoveryTexts => TEXTS[language];
