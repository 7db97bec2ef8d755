import { action, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";

/**
 * Registration: confirm the address (link valid 7 days). The address has confirmed
 * nothing yet, so the mail carries no text the registering party chose (not even the
 * name): anyone may register any address, and the association must not mail their
 * words to it as its own.
 */
export const optIn = mailTemplate<{ readonly link: string }>("optIn", (w, { link }) => ({
  title: w.t("title"),
  greeting: w.t("greeting"),
  blocks: [action(w.t("confirm"), link, w.t("confirmIntro")), paragraph(w.t("ignore"))],
  reason: "registration",
}));
