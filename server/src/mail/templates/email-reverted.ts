import { action, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import { type AlertParams, whenBlock } from "./security-alert-texts.js";

/**
 * Sent to the restored address after an e-mail change was undone by its revert link:
 * every sign-in has ended; whoever changed the address likely knew the password, so a new
 * one comes next (the password-forgotten link, as the address is the person's again).
 */
export const emailReverted = mailTemplate<AlertParams & { readonly email: string }>(
  "emailReverted",
  (w, p) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [
      paragraph(w.t("text", { email: p.email })),
      whenBlock(w, p),
      paragraph(w.t("notYou")),
      action(w.t("setNew"), p.resetLink),
      action(w.t("devices"), p.devicesLink),
    ],
    reason: "account",
  }),
);
