import { dangerAction, paragraph } from "../mail-template.js";
import { mailTemplate } from "../mail-words.js";

/**
 * Account deletion: confirm with the link (valid 10 days, spec section 4). Its button is
 * red, as the app's: the page behind it names the account and asks for a last click.
 */
export const accountDeletion = mailTemplate<{ readonly link: string }>(
  "accountDeletion",
  (w, { link }) => ({
    title: w.t("title"),
    greeting: w.layout("greeting"),
    blocks: [dangerAction(w.t("delete"), link, w.t("deleteIntro")), paragraph(w.t("ignore"))],
    reason: "account",
  }),
);
