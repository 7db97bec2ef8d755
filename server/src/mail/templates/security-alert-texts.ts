import { SHARED_TEXTS } from "@portal/core";
import { action, type MailBlock, type MailLanguage, paragraph } from "../mail-template.js";

/** Where a person who did not do it secures the account: a new password, or sign in. */
export interface SecureAccountLinks {
  readonly resetLink: string;
  readonly loginLink: string;
}

/** The closing blocks every security alert shares, per language. */
export const secureAccountBlocks = (
  language: MailLanguage,
  { resetLink, loginLink }: SecureAccountLinks,
): readonly MailBlock[] =>
  ({
    de: [
      paragraph(
        "Waren Sie das nicht, setzen Sie bitte sofort ein neues Passwort; damit werden alle Anmeldungen beendet. Danach können Sie unter Sicherheit Ihre Geräte und Aktivitäten prüfen.",
      ),
      action(SHARED_TEXTS.de.Password.setNew, resetLink),
      action(SHARED_TEXTS.de.Session.signIn, loginLink),
    ],
    en: [
      paragraph(
        "If this was not you, please set a new password at once; this ends every sign-in. Then check your devices and activity under Security.",
      ),
      action(SHARED_TEXTS.en.Password.setNew, resetLink),
      action(SHARED_TEXTS.en.Session.signIn, loginLink),
    ],
    fr: [
      paragraph(
        "Si ce n'était pas vous, définissez immédiatement un nouveau mot de passe ; toutes les connexions seront fermées. Vérifiez ensuite vos appareils et votre activité sous Sécurité.",
      ),
      action(SHARED_TEXTS.fr.Password.setNew, resetLink),
      action(SHARED_TEXTS.fr.Session.signIn, loginLink),
    ],
  })[language];

/** "Firefox on Linux, 192.168.1.x" in the mail's language. */
export const deviceLine = (
  language: MailLanguage,
  d: { readonly browser: string; readonly os: string; readonly address: string },
): string => {
  const on = { de: "unter", en: "on", fr: "sous" }[language];
  return `${d.browser} ${on} ${d.os}, ${d.address}`;
};
