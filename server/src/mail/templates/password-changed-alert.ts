import { paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import {
  type SecurityAlertParams,
  secureAccountBlocks,
  whenBlock,
} from "./security-alert-texts.js";

/** Security alert: the account's password was changed (or reset). */
export const passwordChangedAlert = mailTemplate<SecurityAlertParams>(
  "passwordChangedAlert",
  (w, p) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [paragraph(w.t("text")), whenBlock(w, p), ...secureAccountBlocks(w, p)],
    reason: "account",
  }),
);
