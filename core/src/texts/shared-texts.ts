/**
 * The one catalogue of the messages more than one surface shows (the portal's name, the page
 * frame's skip link, footer links and language switch, sign-in and sign-out, common buttons
 * and field labels, the names of the second factors, the mails' greeting and sign-off), in
 * de, en and fr: the `shared` namespace of the catalogue. Every surface reads it through
 * i18next; a text of another namespace that says the same nests it (`$t(shared:Key)`)
 * rather than restating it. `{{name}}` marks a parameter.
 */
import type { Locale } from "../locales.js";
import { catalogueText, type TextParams } from "./catalogue-text.js";
import de from "./de/shared.json";
import en from "./en/shared.json";
import type { TextLanguage } from "./error-texts.js";
import fr from "./fr/shared.json";

/** One language's shared messages; the comments say which surfaces show them. */
export interface SharedTexts {
  /** The portal's own name (the web app's window title). */
  readonly Portal: { readonly name: string };
  /** The page frame of the web app and the provider's pages; the legal notice also ends every mail. */
  readonly Layout: {
    readonly skipToContent: string;
    /** The footer's "other navigation" landmark. */
    readonly moreLinks: string;
    readonly faq: string;
    readonly signUp: string;
    readonly legalNotice: string;
    readonly cookieSettings: string;
    /** `{{year}}` and `{{association}}` (the association's name from the configuration). */
    readonly copyright: string;
  };
  /** The language switch: its label, and each locale's name in its own language (the same in every catalogue). */
  readonly Language: { readonly label: string } & Readonly<Record<Locale, string>>;
  /** A page's title (fr: a noun) and the action's button or link (fr: a verb). */
  readonly Session: {
    readonly signInTitle: string;
    readonly signIn: string;
    readonly signOutTitle: string;
    readonly signOut: string;
  };
  readonly Actions: { readonly cancel: string; readonly save: string };
  /** Resetting a forgotten password: the web's page title and page, the mails' links to it. */
  readonly Password: { readonly reset: string; readonly setNew: string };
  /** Field labels of the web app's forms, the provider's sign-in and the CLI's tables. */
  readonly Fields: {
    readonly email: string;
    readonly password: string;
    readonly company: string;
    readonly memberNumber: string;
    readonly mitgliedskennung: string;
    readonly personalPassword: string;
    readonly generalPassword: string;
  };
  /**
   * The second factors' names, and setting each up (the web's security page has the buttons,
   * the provider's set-up pages the titles).
   */
  readonly SecondFactor: {
    readonly app: string;
    readonly email: string;
    readonly setUpApp: string;
    readonly setUpEmail: string;
  };
  /**
   * The page every signed-in person has for passkeys, recovery codes, devices and activity:
   * the web's menu entry and page title, the alert mails' link to it.
   */
  readonly SignInDevices: { readonly title: string };
  /** Around every mail's content. `signOff`: neutral, so it fits any association name's gender. */
  readonly Mail: { readonly greeting: string; readonly signOff: string };
}

// `satisfies` makes a missing message a type error in every language.
const catalogues = { de, en, fr } satisfies Record<TextLanguage, SharedTexts>;

/**
 * Every language's shared messages, loaded at once: for Node surfaces (CLI, provider pages,
 * mails). The browser loads one language lazily through {@link loadSharedTexts} instead.
 */
export const SHARED_TEXTS: Readonly<Record<TextLanguage, SharedTexts>> = catalogues;

/**
 * The shared message at a dotted key (`Layout.copyright`), with `{{name}}` parameters
 * filled; undefined when the key names no text.
 *
 * @example
 * sharedText(SHARED_TEXTS.en, "Layout.copyright", { year: 2026, association: "Verein" }); // "© 2026 Verein"
 */
export const sharedText = (
  texts: SharedTexts,
  key: string,
  params: TextParams = {},
): string | undefined => catalogueText(texts, key, params);
