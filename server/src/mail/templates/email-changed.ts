import { mailTemplate } from "../mail-words.js";
import { emailChangeBlocks } from "./email-change-blocks.js";
import type { AlertWhen } from "./security-alert-texts.js";

/** The mail's parameters: the new address and the revert link (7 days). */
type Params = AlertWhen & {
  readonly newEmail: string;
  readonly revertLink: string;
};

/**
 * Sent to the OLD address once an e-mail change is confirmed. One remedy, one button
 * (issue 46): the revert link restores this address and ends every sign-in, and its page
 * leads on to a new password. No "This wasn't me: secure my account" besides: securing
 * mails its reset link to the account's address, the new one, whoever holds it; and two
 * remedies side by side leave the reader to choose.
 */
export const emailChanged = mailTemplate<Params>("emailChanged", (w, p) => ({
  title: w.t("title"),
  greeting: w.layout("greeting"),
  blocks: emailChangeBlocks(w, w.t("text", { newEmail: p.newEmail }), p, [
    ["revert", p.revertLink],
  ]),
  reason: "account",
}));
