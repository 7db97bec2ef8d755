import type { PageLanguage } from "./texts.js";

/**
 * The texts of the second-factor step's "try another way" section: whatever else the
 * person has (another factor, a recovery code) and the way out of the sign-in.
 */
export interface OtherWayTexts {
  readonly title: string;
  /** Said when the person has no other factor and no recovery code left. */
  readonly none: string;
  readonly cancel: string;
}

const de: OtherWayTexts = {
  title: "Auf andere Weise bestätigen",
  none: "Sie haben keinen weiteren zweiten Faktor und keine Wiederherstellungscodes. Ohne Ihren zweiten Faktor ist keine Anmeldung möglich; brechen Sie die Anmeldung ab und wenden Sie sich an uns.",
  cancel: "Anmeldung abbrechen",
};

const en: OtherWayTexts = {
  title: "Try another way",
  none: "You have no other second factor and no recovery codes. Without your second factor you cannot sign in; cancel the sign-in and contact us.",
  cancel: "Cancel sign-in",
};

const fr: OtherWayTexts = {
  title: "Essayer une autre méthode",
  none: "Vous n'avez pas d'autre second facteur ni de codes de récupération. Sans votre second facteur, la connexion est impossible ; annulez la connexion et contactez-nous.",
  cancel: "Annuler la connexion",
};

export const OTHER_WAY_TEXTS: Readonly<Record<PageLanguage, OtherWayTexts>> = { de, en, fr };
