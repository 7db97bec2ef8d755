import type { Locale } from "@portal/core";
import { escapeHtml, type Html, html, raw } from "@portal/core";
import type { WebAppHead } from "../../static/web-app-head.js";
import type { LoginTexts, PageLanguage } from "./texts.js";

/** Escaping and the safe-markup template: core's one definition, used by every page. */
export { escapeHtml, type Html, html, raw };

/** What every page needs: language, texts, branding, assets, the language switch. */
export interface PageContext {
  readonly language: PageLanguage;
  /** The locale the language switch shows as chosen (one of the five). */
  readonly locale: Locale;
  readonly texts: LoginTexts;
  readonly associationName: string;
  readonly portalUrl: string;
  readonly faqUrl: string;
  readonly signUpUrl: string;
  readonly legalNoticeUrl: string;
  /** The support contact's address (SUPPORT_CONTACT_EMAIL), where a page says "contact us". */
  readonly supportEmail?: string | undefined;
  /** Path of the provider's own assets, e.g. `/realms/portal/resources`. */
  readonly resources: string;
  /** The web app's stylesheets and icons (none without a web build). */
  readonly appHead: WebAppHead;
  /**
   * Where the language switch posts and the page it shows again afterwards (a GET path
   * under the realm). Without it the page has no switch (the switch's own error page).
   */
  readonly languageSwitch?: { readonly action: string; readonly returnTo: string } | undefined;
  /**
   * The browser is signed in: every page of the interaction (each step of a fresh sign-in,
   * an action's) leaves "sign up free" out of the footer, as the app's footer does for a
   * signed-in person, not only the pages that know they are for one.
   */
  readonly signedIn?: boolean | undefined;
}

/** Kinds of notice the app's stylesheet has. */
export type NoticeKind = "error" | "info" | "success" | "warning";

/**
 * A notice in the app's look; `role="alert"` for errors so screen readers announce them.
 * `id` when a control names it in its aria-describedby.
 */
export const message = (kind: NoticeKind, text: string, qa: string, id?: string): Html =>
  html`<div${id ? html` id="${id}"` : null} class="notice notice--${kind}" ${raw(kind === "error" ? 'role="alert"' : 'role="status"')} data-qa="${qa}">${text}</div>`;

/** What was wrong with what was entered in a field; `qa` names the kind (e.g. `otp-error`). */
export interface FieldError {
  readonly text: string;
  readonly qa: string;
}

/**
 * A field's error line (the app's `field__error`), placed under its control: where focus
 * and scrolling go after a refused entry, not at the top of a long page, off-screen on a
 * phone. `id` is what the control's aria-describedby names (see {@link controlState}).
 */
export const fieldErrorLine = (id: string, error: FieldError | undefined): Html | null =>
  error
    ? html`<p id="${id}" class="field__error" role="alert" data-qa="${error.qa}">${error.text}</p>`
    : null;

/**
 * A control's `aria-invalid` and `aria-describedby`: its hints, then its error message
 * (`errorId`) when there is one, so a screen reader reads the message with the field.
 *
 * @example
 * html`<input id="otp"${controlState(error, "otp-error", "otp-hint")}>`;
 */
export const controlState = (
  error: FieldError | undefined,
  errorId: string,
  ...hints: ReadonlyArray<string>
): Html => {
  const ids = error ? [...hints, errorId] : hints;
  return html` aria-invalid="${error ? "true" : "false"}"${ids.length > 0 ? html` aria-describedby="${ids.join(" ")}"` : null}`;
};
