import { action, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";

/** Someone tried to register an address that already has an account. */
export const alreadyRegistered = mailTemplate<{
  readonly loginLink: string;
  readonly resetLink: string;
}>("alreadyRegistered", (w, p) => ({
  title: w.t("title"),
  greeting: w.layout("greeting"),
  blocks: [
    paragraph(w.t("text")),
    action(w.t("signIn"), p.loginLink),
    action(w.t("resetPassword"), p.resetLink),
    paragraph(w.t("ignore")),
  ],
  reason: "account",
}));
