import { action, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";
import { eventTime } from "./security-alert-texts.js";

/**
 * The confirmation of a deletion held back for a grace period (DELETION_GRACE_DAYS > 0):
 * the account is closed now and erased at `eraseAt`; until then the restore link (single
 * use) reopens it with the password. The one mail a closed account gets.
 */
export const accountClosed = mailTemplate<{
  readonly restoreLink: string;
  readonly eraseAt: string;
}>("accountClosed", (w, { restoreLink, eraseAt }) => ({
  title: w.t("title"),
  greeting: w.layout("greeting"),
  blocks: [
    paragraph(w.t("text", { when: eventTime(w.language, eraseAt) })),
    action(w.t("restore"), restoreLink, w.t("restoreIntro")),
    paragraph(w.t("support")),
  ],
  reason: "account",
}));
