import { paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import {
  type SecurityAlertParams,
  secureAccountBlocks,
  whenBlock,
} from "./security-alert-texts.js";

/**
 * Security alert: a closed account (DELETION_GRACE_DAYS) was restored with its link and
 * password, so it is open again and no longer erased. Whoever did not do it secures it here.
 */
export const accountRestoredAlert = mailTemplate<SecurityAlertParams>(
  "accountRestoredAlert",
  (w, p) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [paragraph(w.t("text")), whenBlock(w, p), ...secureAccountBlocks(w, p)],
    reason: "account",
  }),
);
