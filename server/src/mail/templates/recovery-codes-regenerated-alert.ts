import { paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import {
  type SecurityAlertParams,
  secureAccountBlocks,
  whenBlock,
} from "./security-alert-texts.js";

/** Security alert: new recovery codes were made; the earlier ones no longer work. */
export const recoveryCodesRegeneratedAlert = mailTemplate<SecurityAlertParams>(
  "recoveryCodesRegeneratedAlert",
  (w, p) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [paragraph(w.t("text")), whenBlock(w, p), ...secureAccountBlocks(w, p)],
    reason: "account",
  }),
);
