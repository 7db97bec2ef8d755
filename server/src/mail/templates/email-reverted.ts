import { mailTemplate } from "../mail-words.js";
import { emailChangeBlocks, secureAccountWays } from "./email-change-blocks.js";
import type { AlertParams } from "./security-alert-texts.js";

/**
 * Sent to the restored address after an e-mail change was undone by its revert link:
 * every sign-in has ended; whoever changed the address likely knew the password, so a new
 * one comes next (the password-forgotten link, as the address is the person's again).
 */
export const emailReverted = mailTemplate<AlertParams & { readonly email: string }>(
  "emailReverted",
  (w, p) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: emailChangeBlocks(w, w.t("text", { email: p.email }), p, secureAccountWays(p)),
    reason: "account",
  }),
);
