/** Languages mails are written in; de-AT and fr-LU read the de and fr texts. */
export const MAIL_LANGUAGES = ["de", "en", "fr"] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Branding every mail may mention. */
export interface MailBrand {
  readonly associationName: string;
  readonly homepageUrl: string;
}

/** A rendered mail. Links in `text` are absolute, so the outbox can list them. */
export interface MailContent {
  readonly subject: string;
  readonly text: string;
}

/** One mail in every language. */
export type MailTemplate<P> = Readonly<
  Record<MailLanguage, (params: P, brand: MailBrand) => MailContent>
>;

/**
 * The mail language of a person's preferred language (de, de-AT, en, fr, fr-LU; anything
 * else, or none, falls back to German as the interface does).
 *
 * @example
 * mailLanguage("fr-LU"); // "fr"
 */
export const mailLanguage = (preferred: string | null | undefined): MailLanguage => {
  const base = preferred?.toLowerCase().split(/[-_]/)[0];
  return base === "en" || base === "fr" ? base : "de";
};

/** The closing of every mail: neutral wording, so it fits any association name's gender. */
const SIGN_OFF: Readonly<Record<MailLanguage, string>> = {
  de: "Mit freundlichen Grüßen",
  en: "Kind regards",
  fr: "Cordialement,",
};

/**
 * A template's content with the one shared sign-off appended: templates end with their last
 * sentence, and every mail closes the same way in its language.
 *
 * @example
 * withSignOff({ subject: "S", text: "Hallo" }, "de", brand).text; // "Hallo\n\nMit freundlichen Grüßen\nVerband"
 */
export const withSignOff = (
  content: MailContent,
  language: MailLanguage,
  brand: MailBrand,
): MailContent => ({
  ...content,
  text: `${content.text}\n\n${SIGN_OFF[language]}\n${brand.associationName}`,
});
