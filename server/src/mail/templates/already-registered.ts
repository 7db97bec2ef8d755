import type { MailTemplate } from "../mail-template.js";

/** Someone tried to register an address that already has an account. */
export const alreadyRegistered: MailTemplate<{
  readonly loginLink: string;
  readonly resetLink: string;
}> = {
  de: ({ loginLink, resetLink }, { associationName }) => ({
    subject: `${associationName}: Registrierungsversuch mit Ihrer E-Mail-Adresse`,
    text: `Hallo,\n\njemand hat versucht, mit Ihrer E-Mail-Adresse ein neues Konto anzulegen. Sie haben bereits ein Konto.\n\nAnmelden: ${loginLink}\nPasswort vergessen: ${resetLink}\n\nWaren Sie das nicht, können Sie diese E-Mail ignorieren.`,
  }),
  en: ({ loginLink, resetLink }, { associationName }) => ({
    subject: `${associationName}: Registration attempt with your e-mail address`,
    text: `Hello,\n\nsomeone tried to create a new account with your e-mail address. You already have an account.\n\nSign in: ${loginLink}\nForgot your password: ${resetLink}\n\nIf this was not you, you can ignore this e-mail.`,
  }),
  fr: ({ loginLink, resetLink }, { associationName }) => ({
    subject: `${associationName} : tentative d'inscription avec votre adresse e-mail`,
    text: `Bonjour,\n\nquelqu'un a essayé de créer un nouveau compte avec votre adresse e-mail. Vous avez déjà un compte.\n\nConnexion : ${loginLink}\nMot de passe oublié : ${resetLink}\n\nSi ce n'était pas vous, ignorez cet e-mail.`,
  }),
};
