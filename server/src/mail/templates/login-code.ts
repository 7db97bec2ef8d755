import { code, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";

/** Second factor / e-mail code set-up: a 6-digit code, valid 10 minutes, usable once. */
export const loginCode = mailTemplate<{ readonly code: string; readonly minutes: number }>(
  "loginCode",
  (w, p) => ({
    title: w.t("title", { code: p.code }),
    greeting: w.layout("greeting"),
    blocks: [code(w.t("codeIntro"), p.code), paragraph(w.t("validity", { minutes: p.minutes }))],
    reason: "account",
  }),
);
