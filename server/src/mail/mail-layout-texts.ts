import { type Catalogue, textsFor } from "@portal/core/texts";
import { MAIL_LANGUAGES, type MailLanguage } from "./mail-template.js";

/**
 * The words every mail shares around its template's content (greeting, sign-off, the
 * written-out link's line, why the recipient gets it, the legal notice, the alerts' lines):
 * the `layout` section of core's `mail` namespace, worded by i18next so the texts the app
 * shows too nest core's shared ones.
 */
export type MailLayoutTexts = Catalogue["mail"]["layout"];

const read = (language: MailLanguage): MailLayoutTexts =>
  textsFor(language).t("layout", { ns: "mail", returnObjects: true }) as unknown as MailLayoutTexts;

export const MAIL_LAYOUT_TEXTS: Readonly<Record<MailLanguage, MailLayoutTexts>> =
  Object.fromEntries(MAIL_LANGUAGES.map((language) => [language, read(language)])) as Record<
    MailLanguage,
    MailLayoutTexts
  >;
