import { action, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";

/** E-mail change: confirm the NEW address (link valid 24 hours). */
export const emailChangeConfirm = mailTemplate<{ readonly link: string }>(
  "emailChangeConfirm",
  (w, { link }) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [action(w.t("confirm"), link, w.t("confirmIntro")), paragraph(w.t("afterwards"))],
    reason: "newAddress",
  }),
);
