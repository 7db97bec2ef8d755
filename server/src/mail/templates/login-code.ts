import type { MailTemplate } from "../mail-template.js";

/** Second factor / e-mail code set-up: a 6-digit code, valid 10 minutes, usable once. */
export const loginCode: MailTemplate<{ readonly code: string; readonly minutes: number }> = {
  de: ({ code, minutes }, { associationName }) => ({
    subject: `${associationName}: Ihr Anmelde-Code ${code}`,
    text: `Hallo,\n\nIhr Code lautet: ${code}\n\nEr ist ${minutes} Minuten gültig und kann einmal verwendet werden. Wenn Sie sich nicht gerade anmelden, ignorieren Sie diese E-Mail und ändern Sie Ihr Passwort.`,
  }),
  en: ({ code, minutes }, { associationName }) => ({
    subject: `${associationName}: Your sign-in code ${code}`,
    text: `Hello,\n\nyour code is: ${code}\n\nIt is valid for ${minutes} minutes and can be used once. If you are not signing in right now, ignore this e-mail and change your password.`,
  }),
  fr: ({ code, minutes }, { associationName }) => ({
    subject: `${associationName} : votre code de connexion ${code}`,
    text: `Bonjour,\n\nvotre code est : ${code}\n\nIl est valable ${minutes} minutes et ne peut être utilisé qu'une fois. Si vous n'êtes pas en train de vous connecter, ignorez cet e-mail et changez votre mot de passe.`,
  }),
};
