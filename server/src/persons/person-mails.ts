import type { PersonRow } from "../db/schema/index.js";
import type { AppDeps } from "../http/app-deps.js";
import { mailLinks } from "./mail-links.js";

/** Mails the registration opt-in link for `token` to the person, in their language. */
export const sendOptInMail = (deps: AppDeps, person: PersonRow, token: string): Promise<void> =>
  deps.mailer.send({
    to: person.email,
    template: "optIn",
    language: person.preferredLanguage,
    params: {
      link: mailLinks(deps.config.publicUrl).optIn(token, {
        prk: person.postRegistrationKey,
        prt: person.postRegistrationToken,
      }),
    },
  });

/** Tells an address that has an account about an attempt to use it again. */
export const sendAlreadyRegisteredMail = (deps: AppDeps, owner: PersonRow): Promise<void> => {
  const links = mailLinks(deps.config.publicUrl);
  return deps.mailer.send({
    to: owner.email,
    template: "alreadyRegistered",
    language: owner.preferredLanguage,
    params: { loginLink: links.login(), resetLink: links.passwordForgotten() },
  });
};
