import { paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import {
  type SecurityAlertParams,
  secureAccountBlocks,
  whenBlock,
} from "./security-alert-texts.js";

/** Security alert: a recovery code was used to sign in; `left` codes remain. */
export const recoveryCodeUsedAlert = mailTemplate<SecurityAlertParams & { readonly left: number }>(
  "recoveryCodeUsedAlert",
  (w, p) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [
      paragraph(w.t("text", { left: p.left })),
      whenBlock(w, p),
      ...secureAccountBlocks(w, p),
    ],
    reason: "account",
  }),
);
