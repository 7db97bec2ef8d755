import { dangerAction, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";

/**
 * Account deletion: confirm with the link (valid 10 days, spec section 4). Its button is
 * red, as the app's: the page behind it names the account and asks for a last click. With
 * a grace period (`graceDays` > 0, DELETION_GRACE_DAYS) the text says the click closes the
 * account and when it is erased, instead of "irrevocably".
 */
export const accountDeletion = mailTemplate<{ readonly link: string; readonly graceDays?: number }>(
  "accountDeletion",
  (w, { link, graceDays = 0 }) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [
      dangerAction(
        graceDays > 0 ? w.t("deleteGrace") : w.t("delete"),
        link,
        graceDays > 0 ? w.t("deleteIntroGrace", { count: graceDays }) : w.t("deleteIntro"),
      ),
      paragraph(w.t("ignore")),
    ],
    reason: "account",
  }),
);
