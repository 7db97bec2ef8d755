import { type TextParams, textsFor } from "@portal/core/texts";
import {
  MAIL_LANGUAGES,
  type MailBody,
  type MailLanguage,
  type MailTemplate,
} from "./mail-template.js";

/**
 * The words of one mail in one language, read through i18next from core's `mail` namespace
 * (core/src/texts/<lng>/mail.json): `t` a key of the template's own section, `layout` one
 * of the words every mail shares. Values are plain text; the HTML renderer escapes them.
 */
export interface MailWords {
  readonly language: MailLanguage;
  t(key: string, params?: TextParams): string;
  layout(key: string, params?: TextParams): string;
}

/**
 * The words of the section `section` of the mail namespace in `language`.
 *
 * @example
 * mailWords("en", "passwordReset").t("title"); // "Reset your password"
 */
export const mailWords = (language: MailLanguage, section: string): MailWords => {
  const i18n = textsFor(language);
  return {
    language,
    t: (key, params) => i18n.t(`${section}.${key}`, { ...params, ns: "mail" }),
    layout: (key, params) => i18n.t(`layout.${key}`, { ...params, ns: "mail" }),
  };
};

/**
 * A mail written once for every language: the template keeps the blocks and links, the
 * catalogue's section of the same name holds its words.
 *
 * @example
 * const t = mailTemplate<{ link: string }>("passwordReset", (w, p) => ({ title: w.t("title"), ... }));
 */
export const mailTemplate = <P>(
  section: string,
  write: (words: MailWords, params: P) => MailBody,
): MailTemplate<P> => {
  const byLanguage = (language: MailLanguage) => (params: P) =>
    write(mailWords(language, section), params);
  return Object.fromEntries(
    MAIL_LANGUAGES.map((language) => [language, byLanguage(language)]),
  ) as Record<MailLanguage, (params: P) => MailBody>;
};
