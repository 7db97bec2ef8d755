import { SHARED_TEXTS } from "@portal/core";
import { code, type MailTemplate, paragraph } from "../mail-template.js";

/** Second factor / e-mail code set-up: a 6-digit code, valid 10 minutes, usable once. */
export const loginCode: MailTemplate<{ readonly code: string; readonly minutes: number }> = {
  de: (p) => ({
    title: `Ihr Anmelde-Code ${p.code}`,
    greeting: SHARED_TEXTS.de.Mail.greeting,
    blocks: [
      code("Ihr Code lautet:", p.code),
      paragraph(
        `Er ist ${p.minutes} Minuten gültig und kann einmal verwendet werden. Wenn Sie sich nicht gerade anmelden, ignorieren Sie diese E-Mail und ändern Sie Ihr Passwort.`,
      ),
    ],
    reason: "account",
  }),
  en: (p) => ({
    title: `Your sign-in code ${p.code}`,
    greeting: SHARED_TEXTS.en.Mail.greeting,
    blocks: [
      code("your code is:", p.code),
      paragraph(
        `It is valid for ${p.minutes} minutes and can be used once. If you are not signing in right now, ignore this e-mail and change your password.`,
      ),
    ],
    reason: "account",
  }),
  fr: (p) => ({
    title: `votre code de connexion ${p.code}`,
    greeting: SHARED_TEXTS.fr.Mail.greeting,
    blocks: [
      code("votre code est :", p.code),
      paragraph(
        `Il est valable ${p.minutes} minutes et ne peut être utilisé qu'une fois. Si vous n'êtes pas en train de vous connecter, ignorez cet e-mail et changez votre mot de passe.`,
      ),
    ],
    reason: "account",
  }),
};
