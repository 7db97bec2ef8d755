import { mailTemplate } from "../mail-words.js";
import { emailChangeBlocks } from "./email-change-blocks.js";
import { type AlertWhen, type WasNotMeLink, wasNotMeBlocks } from "./security-alert-texts.js";

/** The mail's parameters: the new address, the revert link (7 days) and where to reach us. */
type Params = AlertWhen &
  WasNotMeLink & {
    readonly newEmail: string;
    readonly revertLink: string;
    readonly contactUrl: string;
  };

/**
 * Sent to the OLD address once an e-mail change is confirmed: the way back is the revert
 * link, which restores this address and ends every sign-in; a person who needs help
 * reaches us by the contact link.
 */
export const emailChanged = mailTemplate<Params>("emailChanged", (w, p) => ({
  title: w.t("title"),
  greeting: w.layout("greeting"),
  blocks: [
    ...emailChangeBlocks(w, w.t("text", { newEmail: p.newEmail }), p, [
      ["revert", p.revertLink],
      ["contact", p.contactUrl, "contactIntro"],
    ]),
    ...wasNotMeBlocks(w, p.secureLink),
  ],
  reason: "account",
}));
