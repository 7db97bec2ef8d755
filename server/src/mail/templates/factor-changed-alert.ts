import { paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import {
  type SecurityAlertParams,
  secureAccountBlocks,
  whenBlock,
} from "./security-alert-texts.js";

/** What changed: a second factor or a passkey, added or removed. */
export type FactorChange = "factor-added" | "factor-removed" | "passkey-added" | "passkey-removed";

/** Security alert: a second factor or a passkey was added or removed (one section per change). */
export const factorChangedAlert = mailTemplate<
  SecurityAlertParams & { readonly change: FactorChange }
>("factorChangedAlert", (w, p) => ({
  title: w.t(`${p.change}.title`),
  greeting: w.layout("greeting"),
  blocks: [paragraph(w.t(`${p.change}.text`)), whenBlock(w, p), ...secureAccountBlocks(w, p)],
  reason: "account",
}));
