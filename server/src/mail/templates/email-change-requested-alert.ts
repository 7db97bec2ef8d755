import { action, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import { type SecurityAlertParams, wasNotMeBlocks, whenBlock } from "./security-alert-texts.js";

/** The alert's parameters: the one-click cancel link besides the reset link. */
type Params = SecurityAlertParams & { readonly newEmail: string; readonly cancelLink: string };

/**
 * Security alert to the OLD address: a change of the account's address to `newEmail` was
 * asked for; until the link mailed to the new address is confirmed, nothing has changed.
 * The way back comes first (cancel the change in one click), then the new password that
 * stops whoever asked (and cancels the change as well).
 */
export const emailChangeRequestedAlert = mailTemplate<Params>(
  "emailChangeRequestedAlert",
  (w, p) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [
      paragraph(w.t("text", { newEmail: p.newEmail })),
      whenBlock(w, p),
      paragraph(w.t("notYou")),
      action(w.t("cancel"), p.cancelLink),
      action(w.t("setNew"), p.resetLink),
      action(w.t("devices"), p.devicesLink),
      ...wasNotMeBlocks(w, p.secureLink),
    ],
    reason: "account",
  }),
);
