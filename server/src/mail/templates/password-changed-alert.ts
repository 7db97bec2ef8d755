import { paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import {
  type SecurityAlertParams,
  secureAccountBlocks,
  whenBlock,
} from "./security-alert-texts.js";

/** The alert's parameters: a pending e-mail change the new password cancelled, if one was. */
type Params = SecurityAlertParams & { readonly emailChangeCancelled?: boolean };

/**
 * Security alert: the account's password was changed (or reset). A pending e-mail change
 * ends with a new password (password-routes.ts): the mail says so when one was pending
 * (issue 46), so the owner knows the change asked for with the old password is gone.
 */
export const passwordChangedAlert = mailTemplate<Params>("passwordChangedAlert", (w, p) => ({
  title: w.t("title"),
  greeting: w.layout("greeting"),
  blocks: [
    paragraph(w.t("text")),
    ...(p.emailChangeCancelled ? [paragraph(w.t("emailChangeCancelled"))] : []),
    whenBlock(w, p),
    ...secureAccountBlocks(w, p),
  ],
  reason: "account",
}));
