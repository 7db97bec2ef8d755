import { SHARED_TEXTS } from "@portal/core";
import { action, type MailTemplate, paragraph } from "../mail-template.js";

/** Someone tried to register an address that already has an account. */
export const alreadyRegistered: MailTemplate<{
  readonly loginLink: string;
  readonly resetLink: string;
}> = {
  de: ({ loginLink, resetLink }) => ({
    title: "Registrierungsversuch mit Ihrer E-Mail-Adresse",
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      paragraph(
        "jemand hat versucht, mit Ihrer E-Mail-Adresse ein neues Konto anzulegen. Sie haben bereits ein Konto.",
      ),
      action(SHARED_TEXTS.de.Session.signIn, loginLink),
      action(SHARED_TEXTS.de.Password.reset, resetLink),
      paragraph("Waren Sie das nicht, können Sie diese E-Mail ignorieren."),
    ],
    reason: "account",
  }),
  en: ({ loginLink, resetLink }) => ({
    title: "Registration attempt with your e-mail address",
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      paragraph(
        "someone tried to create a new account with your e-mail address. You already have an account.",
      ),
      action(SHARED_TEXTS.en.Session.signIn, loginLink),
      action(SHARED_TEXTS.en.Password.reset, resetLink),
      paragraph("If this was not you, you can ignore this e-mail."),
    ],
    reason: "account",
  }),
  fr: ({ loginLink, resetLink }) => ({
    title: "tentative d'inscription avec votre adresse e-mail",
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      paragraph(
        "quelqu'un a essayé de créer un nouveau compte avec votre adresse e-mail. Vous avez déjà un compte.",
      ),
      action(SHARED_TEXTS.fr.Session.signIn, loginLink),
      action(SHARED_TEXTS.fr.Password.reset, resetLink),
      paragraph("Si ce n'était pas vous, ignorez cet e-mail."),
    ],
    reason: "account",
  }),
};
