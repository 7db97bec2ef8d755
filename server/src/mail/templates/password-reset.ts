import { action, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";

/** Password forgotten: link to set a new password (valid 1 hour). */
export const passwordReset = mailTemplate<{ readonly link: string }>(
  "passwordReset",
  (w, { link }) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [action(w.t("setNew"), link, w.t("setNewIntro")), paragraph(w.t("ignore"))],
    reason: "account",
  }),
);
