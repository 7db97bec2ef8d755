import { DEFAULT_WEB_TARGET_KEY, type WebTarget } from "@portal/contracts";
import type { HttpFailure } from "./http-failure.js";
import { LINK_QUERY } from "./mailed-links.js";
import type { Result } from "./result.js";
import { parseUrl } from "./whatwg-url.js";

/**
 * The registration key (prk) upper-cased and trimmed; empty gives null.
 *
 * @example
 * normalizePrk(" mc "); // "MC"
 * normalizePrk(""); // null
 */
export const normalizePrk = (prk: string | null | undefined): string | null => {
  const key = (prk ?? "").trim().toUpperCase();
  return key === "" ? null : key;
};

/**
 * The web-target key to look up: the normalised prk, or the default key MC (also for
 * an empty prk).
 *
 * @example
 * webTargetKey(null); // "MC"
 * webTargetKey("abc"); // "ABC"
 */
export const webTargetKey = (prk: string | null | undefined): string =>
  normalizePrk(prk) ?? DEFAULT_WEB_TARGET_KEY;

/**
 * Redirect safety: a same-origin path ("/x", not "//x" nor "/\x"), or an absolute
 * http(s) URL whose origin is in the allow-list. Rejects javascript:, data:,
 * protocol-relative URLs, control characters and backslashes.
 *
 * @example
 * isAllowedRedirect("https://portal.example/start", ["https://portal.example"]); // true
 * isAllowedRedirect("javascript:alert(1)", ["https://portal.example"]); // false
 */
export const isAllowedRedirect = (url: string, allowList: ReadonlyArray<string>): boolean => {
  // Browsers strip or reinterpret these, so a string that "looks" safe may not be.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is about control characters
  if (url === "" || /[\u0000-\u001f\u007f\\]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  const parsed = parseUrl(url);
  if (parsed === null) return false;
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  if (parsed.username !== "" || parsed.password !== "") return false;
  return allowList.some((allowed) => parseUrl(allowed)?.origin === parsed.origin);
};

/** Where /login sends the browser. */
export type LoginTarget =
  | { readonly kind: "route"; readonly name: "profile" }
  | { readonly kind: "url"; readonly url: string };

/** The query of /login. */
export interface LoginQuery {
  readonly prk?: string | null;
  readonly prt?: string | null;
  readonly newUser?: string | null;
}

/**
 * The target of /login: with a prk whose web target was found (and whose URL the
 * allow-list accepts) the web target's URL, carrying `prt` and `newUser` when given;
 * otherwise the profile page (the default).
 *
 * @example
 * loginTarget({ prk: "shop", prt: "t1" }, { webTarget: { key: "SHOP", url: "https://shop.example/", sourceSystem: "S" }, allowList: ["https://shop.example"] });
 * // { kind: "url", url: "https://shop.example/?prt=t1" }
 */
export const loginTarget = (
  query: LoginQuery,
  lookups: { readonly webTarget: WebTarget | null; readonly allowList: ReadonlyArray<string> },
): LoginTarget => {
  const profile = { kind: "route", name: "profile" } as const;
  if (normalizePrk(query.prk) === null || lookups.webTarget === null) return profile;
  if (!isAllowedRedirect(lookups.webTarget.url, lookups.allowList)) return profile;
  const url = webTargetHref(lookups.webTarget.url, query);
  return url === null ? profile : { kind: "url", url };
};

/**
 * A web target's URL carrying the registration token `prt` (and `newUser`) when given,
 * as the user goes on to the product they registered from; same-origin paths stay
 * relative. Null for a URL that does not parse.
 *
 * @example
 * webTargetHref("https://shop.example/start", { prt: "t1" }); // "https://shop.example/start?prt=t1"
 */
export const webTargetHref = (
  targetUrl: string,
  query: { readonly prt?: string | null; readonly newUser?: string | null },
): string | null => {
  const url = parseUrl(targetUrl, "http://relative.invalid");
  if (url === null) return null;
  if (query.prt) url.searchParams.set(LINK_QUERY.webTargetToken, query.prt);
  if (query.newUser) url.searchParams.set("newUser", query.newUser);
  const text = url.toString();
  return targetUrl.startsWith("/") ? text.replace("http://relative.invalid", "") : text;
};

/** The outcome of the web-target lookup after registration or opt-in. */
export interface WebTargetOutcome {
  readonly key: string | null;
  readonly webTarget: WebTarget | null;
  /** Correlation id of the failed lookup (kept for the error notice). */
  readonly correlationId: string | null;
}

/**
 * When the web-target lookup fails, registration falls back to key null with the
 * correlation id from the error response.
 *
 * @example
 * webTargetFallback(httpFailure({ status: 404, url: "/web-targets/X", correlationId: "c9" }));
 * // { key: null, webTarget: null, correlationId: "c9" }
 */
export const webTargetFallback = (failure: HttpFailure): WebTargetOutcome => ({
  key: null,
  webTarget: null,
  correlationId: failure.correlationId,
});

/**
 * The web-target outcome of a lookup result: the target, or the fallback.
 *
 * @example
 * webTargetOutcome(ok(mc)); // { key: "MC", webTarget: mc, correlationId: null }
 */
export const webTargetOutcome = (result: Result<WebTarget, HttpFailure>): WebTargetOutcome =>
  result.ok
    ? { key: result.value.key, webTarget: result.value, correlationId: null }
    : webTargetFallback(result.error);

/** The prk check: a failed lookup returns null, a found one its web target. */
export const checkedPrk = (result: Result<WebTarget, HttpFailure>): WebTarget | null =>
  result.ok ? result.value : null;

/**
 * The invalid-prk notice shows when a prk was given but no web target was found for
 * it: registration completes but the user goes to the home page.
 *
 * @example
 * showInvalidPrkNotice({ prk: "nope", webTarget: null }); // true
 * showInvalidPrkNotice({ prk: null, webTarget: null }); // false
 */
export const showInvalidPrkNotice = (input: {
  readonly prk: string | null | undefined;
  readonly webTarget: WebTarget | null;
}): boolean => normalizePrk(input.prk) !== null && input.webTarget === null;
