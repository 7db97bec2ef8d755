import { textsFor } from "@portal/core/texts";

/**
 * The mails' content model. A template writes one {@link MailBody} per language: a title,
 * a greeting and blocks of plain text (paragraphs, actions, codes). The HTML part
 * (`mail-html.ts`) and the text part (`mail-text.ts`) are both rendered from it, so the two
 * never drift apart and no template writes markup: every value is text and is escaped once,
 * at the HTML renderer.
 */

/** Languages mails are written in; de-AT and fr-LU read the de and fr texts. */
export const MAIL_LANGUAGES = ["de", "en", "fr"] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Branding every mail may mention. */
export interface MailBrand {
  readonly associationName: string;
  readonly homepageUrl: string;
  /** Linked from the footer when set. */
  readonly legalNoticeUrl?: string | undefined;
  /**
   * The support contact (SUPPORT_CONTACT_*), in every mail's footer as links: the mails
   * that say "contact us" (a deletion, a changed address) then say how (issue 46).
   */
  readonly support?: MailSupport | undefined;
}

/** Where a recipient who needs help writes or calls. */
export interface MailSupport {
  readonly email: string;
  readonly url?: string | undefined;
  readonly phone?: string | undefined;
}

/** Why the recipient gets the mail (the footer's first line). */
export type MailReason = "registration" | "account" | "newAddress" | "deleted";

/** One piece of a mail's body; every string is plain text. */
export type MailBlock =
  | { readonly kind: "paragraph"; readonly text: string }
  /**
   * A link the mail is about: a button in HTML with the link written out below it; in text
   * `intro` and the link on the next line, or `label: link` without an intro.
   */
  | {
      readonly kind: "action";
      readonly label: string;
      readonly href: string;
      readonly intro?: string;
      /** `danger`: a red button, for an action that cannot be undone (as the app's). */
      readonly tone?: "danger";
    }
  /** A one-time code, set large in HTML. */
  | { readonly kind: "code"; readonly intro: string; readonly code: string };

/** What a template writes for one language. */
export interface MailBody {
  /** The subject after the association's name, and the mail's heading. */
  readonly title: string;
  readonly greeting: string;
  readonly blocks: readonly MailBlock[];
  readonly reason: MailReason;
}

/** A rendered mail. Links in `text` are absolute, so the outbox can list them. */
export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** One mail in every language. */
export type MailTemplate<P> = Readonly<Record<MailLanguage, (params: P) => MailBody>>;

export const paragraph = (text: string): MailBlock => ({ kind: "paragraph", text });

export const action = (label: string, href: string, intro?: string): MailBlock =>
  intro === undefined ? { kind: "action", label, href } : { kind: "action", label, href, intro };

/**
 * An action that cannot be undone (deleting the account): a red button, as the app shows it.
 *
 * @example
 * dangerAction("Delete account permanently", link, "This link deletes the account:");
 */
export const dangerAction = (label: string, href: string, intro: string): MailBlock => ({
  kind: "action",
  label,
  href,
  intro,
  tone: "danger",
});

export const code = (intro: string, value: string): MailBlock => ({
  kind: "code",
  intro,
  code: value,
});

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

/**
 * The subject: the association's name, then the title, as the catalogue's `layout.subject`
 * words it (French puts a space before the colon).
 */
export const subjectOf = (body: MailBody, language: MailLanguage, brand: MailBrand): string =>
  textsFor(language).t("layout.subject", {
    ns: "mail",
    association: brand.associationName,
    title: body.title,
  });
