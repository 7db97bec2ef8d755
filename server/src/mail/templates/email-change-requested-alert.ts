import { SHARED_TEXTS } from "@portal/core";
import { action, type MailTemplate, paragraph } from "../mail-template.js";
import { type AlertParams, whenBlock } from "./security-alert-texts.js";

/** The alert's parameters: the one-click cancel link besides the reset link. */
type Params = AlertParams & { readonly newEmail: string; readonly cancelLink: string };

/**
 * Security alert to the OLD address: a change of the account's address to `newEmail` was
 * asked for; until the link mailed to the new address is confirmed, nothing has changed.
 * The way back comes first (cancel the change in one click), then the new password that
 * stops whoever asked (and cancels the change as well).
 */
export const emailChangeRequestedAlert: MailTemplate<Params> = {
  de: (p) => ({
    title: "Änderung Ihrer E-Mail-Adresse angefordert",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(
        `für Ihr Konto wurde die Änderung der E-Mail-Adresse in ${p.newEmail} angefordert. Sie wird erst wirksam, wenn der Link an die neue Adresse bestätigt wird.`,
      ),
      whenBlock("de", p),
      paragraph(
        "Waren Sie das nicht, brechen Sie die Änderung hier ab und setzen Sie danach ein neues Passwort; damit werden alle Anmeldungen beendet. Ein neues Passwort bricht die Änderung ebenfalls ab.",
      ),
      action("Änderung abbrechen", p.cancelLink),
      action(SHARED_TEXTS.de.Password.setNew, p.resetLink),
      action(SHARED_TEXTS.de.SignInDevices.title, p.devicesLink),
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
      whenBlock("en", p),
      paragraph(
        "If this was not you, cancel the change here, then set a new password; this ends every sign-in. A new password cancels the change as well.",
      ),
      action("Cancel the change", p.cancelLink),
      action(SHARED_TEXTS.en.Password.setNew, p.resetLink),
      action(SHARED_TEXTS.en.SignInDevices.title, p.devicesLink),
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
      whenBlock("fr", p),
      paragraph(
        "Si ce n'était pas vous, annulez le changement ici, puis définissez un nouveau mot de passe ; toutes les connexions seront fermées. Un nouveau mot de passe annule également le changement.",
      ),
      action("Annuler le changement", p.cancelLink),
      action(SHARED_TEXTS.fr.Password.setNew, p.resetLink),
      action(SHARED_TEXTS.fr.SignInDevices.title, p.devicesLink),
    ],
    reason: "account",
  }),
};
