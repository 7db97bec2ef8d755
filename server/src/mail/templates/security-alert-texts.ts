import { SHARED_TEXTS } from "@portal/core";
import { action, type MailBlock, type MailLanguage, paragraph } from "../mail-template.js";

/**
 * Where a person who did not do it secures the account: a new password, then the page
 * with their devices and activity ("Sign-in & devices", which every signed-in person
 * has; the Security menu item only some members see).
 */
export interface SecureAccountLinks {
  readonly resetLink: string;
  readonly devicesLink: string;
}

/** The closing blocks every security alert shares, per language. */
export const secureAccountBlocks = (
  language: MailLanguage,
  { resetLink, devicesLink }: SecureAccountLinks,
): readonly MailBlock[] =>
  ({
    de: [
      paragraph(
        `Waren Sie das nicht, setzen Sie bitte sofort ein neues Passwort; damit werden alle Anmeldungen beendet. Danach können Sie unter „${SHARED_TEXTS.de.SignInDevices.title}“ Ihre Geräte und Aktivitäten prüfen.`,
      ),
      action(SHARED_TEXTS.de.Password.setNew, resetLink),
      action(SHARED_TEXTS.de.SignInDevices.title, devicesLink),
    ],
    en: [
      paragraph(
        `If this was not you, please set a new password at once; this ends every sign-in. Then check your devices and activity under “${SHARED_TEXTS.en.SignInDevices.title}”.`,
      ),
      action(SHARED_TEXTS.en.Password.setNew, resetLink),
      action(SHARED_TEXTS.en.SignInDevices.title, devicesLink),
    ],
    fr: [
      paragraph(
        `Si ce n'était pas vous, définissez immédiatement un nouveau mot de passe ; toutes les connexions seront fermées. Vérifiez ensuite vos appareils et votre activité sous « ${SHARED_TEXTS.fr.SignInDevices.title} ».`,
      ),
      action(SHARED_TEXTS.fr.Password.setNew, resetLink),
      action(SHARED_TEXTS.fr.SignInDevices.title, devicesLink),
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
