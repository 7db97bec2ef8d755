import { paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import {
  type SecurityAlertParams,
  secureAccountBlocks,
  whenBlock,
} from "./security-alert-texts.js";

/** Security alert: a sign-in from a browser and system not seen before for this account. */
export const newDeviceAlert = mailTemplate<
  SecurityAlertParams & { readonly browser: string; readonly os: string; readonly address: string }
>("newDeviceAlert", (w, p) => ({
  title: w.t("title"),
  greeting: w.layout("greeting"),
  blocks: [
    paragraph(w.t("text", { browser: p.browser, os: p.os, address: p.address })),
    whenBlock(w, p),
    ...secureAccountBlocks(w, p),
  ],
  reason: "account",
}));
