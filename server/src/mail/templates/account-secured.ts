import { action, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import { type AlertWhen, whenBlock } from "./security-alert-texts.js";

/** The mail's parameters: where a new reset mail is asked for, and which address now holds the account. */
type Params = AlertWhen & {
  readonly email: string;
  readonly resetLink: string;
  /** True for the address an earlier alert went to, which the account no longer has. */
  readonly previous: boolean;
  /** True when second factors or passkeys were suspended (credentials/suspended-factors/). */
  readonly factorsPaused: boolean;
};

/**
 * After "This wasn't me": every sign-in has ended and the current password signs nobody in
 * until a new one is set by the reset mail to the account's address (sent with this one).
 * The previous address (the account moved since the alert) is told to take back its address
 * by the restore link of the earlier mail, as the reset mail went to the new one.
 */
export const accountSecured = mailTemplate<Params>("accountSecured", (w, p) => ({
  title: w.t("title"),
  greeting: w.layout("greeting"),
  blocks: [
    paragraph(w.t("text")),
    whenBlock(w, p),
    paragraph(p.previous ? w.t("previous", { email: p.email }) : w.t("next")),
    ...(p.factorsPaused ? [paragraph(w.t("factorsPaused"))] : []),
    action(w.t("askAgain"), p.resetLink, w.t("askAgainIntro")),
  ],
  reason: "account",
}));
