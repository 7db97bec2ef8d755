import { mailTemplate } from "../mail-words.js";
import { emailChangeBlocks, secureAccountWays } from "./email-change-blocks.js";
import { type SecurityAlertParams, wasNotMeBlocks } from "./security-alert-texts.js";

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
      ...emailChangeBlocks(w, w.t("text", { newEmail: p.newEmail }), p, [
        ["cancel", p.cancelLink],
        ...secureAccountWays(p),
      ]),
      ...wasNotMeBlocks(w, p.secureLink),
    ],
    reason: "account",
  }),
);
