import { type ErrorCode, isErrorCode, MEMBER_CREDENTIAL_ERROR_CODES } from "@portal/contracts";
import { ERROR_TEXT_CAP, ERROR_TEXT_MASK_MIN_LENGTH } from "./constants.js";
import type { HttpFailure } from "./http-failure.js";
import type { ErrorReport } from "./ports/analytics.port.js";

/** What the failure dialog shows: i18n keys, or the server's own text. */
export interface ErrorDialogContent {
  readonly headlineKey: string;
  /** `HttpErrorMessages.{code}` or `HttpErrorMessages.Default`; null when `message` is set. */
  readonly messageKey: string | null;
  /** The error's own message (may hold HTML: sanitize before rendering); null when `messageKey` is set. */
  readonly message: string | null;
  /** Values of `messageKey`'s placeholders (`count` also picks the plural form), when it has any. */
  readonly messageParams?: Readonly<Record<string, number>>;
  /** True when the text asks the person to contact us: the dialog shows the support contact. */
  readonly supportContact?: true;
  readonly correlationId: string | null;
  readonly buttonKey: string;
}

/** Default dialog headline key. */
export const DEFAULT_DIALOG_HEADLINE_KEY = "Dialog.Default.Header";
/** Default dialog button key. */
export const DEFAULT_DIALOG_BUTTON_KEY = "Dialog.Default.Close";
/** Message key when the error names no code and has no message. */
const DEFAULT_ERROR_MESSAGE_KEY = "HttpErrorMessages.Default";

/**
 * The i18n key of an error code's text: `HttpErrorMessages.{code}` for a code of the
 * catalogue (spec section 8), else `HttpErrorMessages.Default`, so a code the client
 * does not know never shows as a raw key.
 *
 * @example
 * errorMessageKey("INVALID_NAME"); // "HttpErrorMessages.INVALID_NAME"
 * errorMessageKey("SOMETHING_NEW"); // "HttpErrorMessages.Default"
 */
export const errorMessageKey = (code: string): string =>
  isErrorCode(code) ? `HttpErrorMessages.${code}` : DEFAULT_ERROR_MESSAGE_KEY;

/**
 * The text of a refusal for too many attempts that says how long to wait, from the
 * answer's `Retry-After` (issue 46: "wait a moment" for a 35-minute wait): whole seconds
 * under a minute, else minutes rounded up. Null when the wait is not known.
 *
 * @example
 * retryAfterMessage(2100); // { messageKey: "RetryAfter.Minutes", messageParams: { count: 35 } }
 * retryAfterMessage(30); // { messageKey: "RetryAfter.Seconds", messageParams: { count: 30 } }
 */
export const retryAfterMessage = (
  seconds: number | null,
): { readonly messageKey: string; readonly messageParams: { readonly count: number } } | null => {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  return seconds < 60
    ? { messageKey: "RetryAfter.Seconds", messageParams: { count: Math.ceil(seconds) } }
    : { messageKey: "RetryAfter.Minutes", messageParams: { count: Math.ceil(seconds / 60) } };
};

/**
 * The codes whose text asks the person to contact us ("please contact our support"): the
 * member credentials, a member's deletion, an address that cannot be restored, a product
 * that cannot be reached. Where one is shown, the support contact is shown with it, so
 * "contact us" is never without a way to (issue 46).
 */
export const SUPPORT_CONTACT_CODES: ReadonlyArray<ErrorCode> = [
  ...MEMBER_CREDENTIAL_ERROR_CODES,
  "MEMBER_CANNOT_DELETE",
  "EMAIL_ADDRESS_TAKEN",
  "NO_AUTH_REPR",
];

/** True when any code's text asks the person to contact us ({@link SUPPORT_CONTACT_CODES}). */
export const asksToContactUs = (codes: ReadonlyArray<string>): boolean =>
  codes.some((c) => (SUPPORT_CONTACT_CODES as ReadonlyArray<string>).includes(c));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * The `errorCode`s of an error body (a JSON list of `{errorCode, message?, field?}`),
 * in order; anything else gives an empty list.
 *
 * @example
 * errorCodesOf([{ errorCode: "INVALID_NAME", field: "givenName" }]); // ["INVALID_NAME"]
 */
export const errorCodesOf = (body: unknown): ReadonlyArray<string> =>
  Array.isArray(body)
    ? body.flatMap((e) => (isRecord(e) && typeof e.errorCode === "string" ? [e.errorCode] : []))
    : [];

const dialogFrame = (failure: HttpFailure) => ({
  headlineKey: DEFAULT_DIALOG_HEADLINE_KEY,
  correlationId: failure.correlationId,
  buttonKey: DEFAULT_DIALOG_BUTTON_KEY,
});

/**
 * The failure dialog's content, by spec section 8: the error is the response body
 * or 'Unknown error'; if it is a list whose first entry has an errorCode, the message
 * is `HttpErrorMessages.{errorCode}` (Default for a code not in the catalogue); else
 * the error's own message; else
 * `HttpErrorMessages.Default`. A TOO_MANY_REQUESTS whose answer says how long to wait
 * (`Retry-After`) reads `RetryAfter.Seconds` or `RetryAfter.Minutes` with the wait as
 * `count` ({@link retryAfterMessage}). The correlation id comes from the `correlationid`
 * header. Headline `Dialog.Default.Header`, button `Dialog.Default.Close`.
 *
 * @example
 * errorDialogContent(httpFailure({ status: 400, url: "/x", body: [{ errorCode: "INVALID_NAME" }], correlationId: "c1" }));
 * // { headlineKey: "Dialog.Default.Header", messageKey: "HttpErrorMessages.INVALID_NAME", message: null, correlationId: "c1", buttonKey: "Dialog.Default.Close" }
 */
export const errorDialogContent = (failure: HttpFailure): ErrorDialogContent => {
  const error: unknown = failure.body ?? "Unknown error";
  const first: unknown = Array.isArray(error) ? error[0] : undefined;
  let messageKey: string | null = null;
  let message: string | null = null;
  // Only codes of the catalogue become their own key, so a body cannot pick any key and
  // an unknown code reads as the Default text.
  if (isRecord(first) && typeof first.errorCode === "string") {
    const wait =
      first.errorCode === "TOO_MANY_REQUESTS" ? retryAfterMessage(failure.retryAfterSeconds) : null;
    if (wait) return { ...dialogFrame(failure), message: null, ...wait };
    messageKey = errorMessageKey(first.errorCode);
    if (asksToContactUs([first.errorCode]))
      return { ...dialogFrame(failure), messageKey, message, supportContact: true };
  } else {
    const given = isRecord(first) ? first.message : isRecord(error) ? error.message : undefined;
    if (typeof given === "string" && given.trim() !== "") message = given;
    else messageKey = DEFAULT_ERROR_MESSAGE_KEY;
  }
  return { ...dialogFrame(failure), messageKey, message };
};

/**
 * True when any code is one of the seven member-credential codes, which offer to
 * retry or register without the membership ID.
 */
export const isMemberCredentialError = (codes: ReadonlyArray<string>): boolean =>
  codes.some((c) => (MEMBER_CREDENTIAL_ERROR_CODES as ReadonlyArray<string>).includes(c));

// IBAN: country code, two check digits, then 11 to 30 alphanumerics, written either
// in one run or in groups of four separated by single spaces.
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;

/**
 * Masks IBANs and e-mail addresses in a text and cuts it to 250 characters; a text
 * shorter than 10 characters is returned as it is.
 *
 * @example
 * maskErrorText("mail erika@example.de IBAN DE89370400440532013000");
 * // "mail ***@*** IBAN ****"
 */
export const maskErrorText = (text: string): string => {
  if (text.length < ERROR_TEXT_MASK_MIN_LENGTH) return text;
  return text.replace(IBAN, "****").replace(EMAIL, "***@***").slice(0, ERROR_TEXT_CAP);
};

/**
 * Every digit of a URL replaced by "X", so ids and tokens never reach analytics.
 *
 * @example
 * maskUrlDigits("/persons/123/x?t=9"); // "/persons/XXX/x?t=X"
 */
const maskUrlDigits = (url: string): string => url.replace(/\d/g, "X");

const bodyText = (failure: HttpFailure): string => {
  if (typeof failure.body === "string") return failure.body;
  if (failure.body !== null && failure.body !== undefined) return JSON.stringify(failure.body);
  return failure.message ?? "";
};

/**
 * The analytics report of a failed request: status, URL with digits masked, log id
 * (correlation id, else the `log_id` header), and the error text with IBANs and
 * e-mails masked, cut to 250 characters (under 10 characters: as is).
 *
 * @example
 * reportableError(httpFailure({ status: 500, url: "/persons/42", body: "boom", logId: "L1" }));
 * // { status: 500, url: "/persons/XX", logId: "L1", message: "boom" }
 */
export const reportableError = (failure: HttpFailure): ErrorReport => ({
  status: failure.status,
  url: maskUrlDigits(failure.url),
  logId: failure.correlationId ?? failure.logId,
  message: maskErrorText(bodyText(failure)),
});
