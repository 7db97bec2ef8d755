import { paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";

/** The template's name, which the retention purge keeps only briefly in the outbox. */
export const ERASURE_NOTICE_TEMPLATE = "accountDeleted";

/**
 * After the erasure, to the address the account had: it is gone. No link and no button:
 * there is no account left to lead into, and a mail that says "deleted" must not invite a
 * sign-in. Whoever did not ask for it is told whom to contact.
 */
export const accountDeleted = mailTemplate<Readonly<Record<string, never>>>(
  ERASURE_NOTICE_TEMPLATE,
  (w) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [paragraph(w.t("text")), paragraph(w.t("support"))],
    reason: "deleted",
  }),
);
