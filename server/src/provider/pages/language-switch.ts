import { MAX_LENGTHS, textLength } from "@portal/contracts";
import { isEmail, isLocale, isSingleLine, type Locale, languageCookie } from "@portal/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PageContext } from "./html.js";
import { messagePage } from "./login-pages.js";
import { pageLocale } from "./texts.js";

/** Longest return path accepted (a logout link with its ID token hint fits). */
const MAX_RETURN_LENGTH = 4096;

/**
 * The page to show again after a language switch, when it is a path of the realm's own
 * pages: starts with `realmPath/`, no `//` or backslash in the path (never a scheme or
 * another host), no dot segments leading out of the realm, no spaces or control
 * characters. Returns the path (with its query) to redirect to, or undefined.
 *
 * @example
 * safeReturnPath("/realms/portal/login-actions/abc", "/realms/portal"); // "/realms/portal/login-actions/abc"
 * safeReturnPath("//evil.example/realms/portal/x", "/realms/portal"); // undefined
 */
export const safeReturnPath = (value: unknown, realmPath: string): string | undefined => {
  if (typeof value !== "string" || value.length > MAX_RETURN_LENGTH) return undefined;
  if (!value.startsWith(`${realmPath}/`)) return undefined;
  // Control characters, spaces and backslashes have no place in a path the pages built.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return undefined;
  const path = value.split("?")[0] ?? "";
  if (path.includes("//")) return undefined;
  // Resolved as the browser would: `..` (also as %2e%2e) must not climb out of the realm.
  const base = "http://portal.invalid";
  const url = new URL(value, base);
  if (url.origin !== base || !url.pathname.startsWith(`${realmPath}/`)) return undefined;
  return `${url.pathname}${url.search}`;
};

/** The id of the switch's select (layout.ts), the fragment's start. */
export const LANGUAGE_SWITCHER_ID = "language-switcher";

/**
 * The fragment the switch returns to (QA2 #7): the page's script puts the focus back on
 * the switch and an address typed into the sign-in form back into its field. It starts
 * with the select's id, so without script the browser itself starts the next Tab there.
 * The address rides in the fragment, never the query: a fragment is not sent to any
 * server, and the script removes it from the address bar at once.
 *
 * @example
 * switchedFragment(undefined); // "language-switcher"
 * switchedFragment("erika@example.de"); // "language-switcher&username=erika%40example.de"
 */
export const switchedFragment = (username: string | undefined): string =>
  `${LANGUAGE_SWITCHER_ID}${username ? `&username=${encodeURIComponent(username)}` : ""}`;

/**
 * The address a switch may take along: only a plausible e-mail address (one line, not
 * longer than an address may be, the address pattern of the forms), trimmed; anything
 * else (empty, a password pasted in the wrong field, markup) is dropped, not refused.
 *
 * @example
 * keptAddress(" erika@example.de "); // "erika@example.de"
 * keptAddress("Sommer-Wiese42"); // undefined
 */
export const keptAddress = (value: unknown): string | undefined => {
  if (typeof value !== "string" || !isSingleLine(value)) return undefined;
  const address = value.trim();
  return textLength(address) <= MAX_LENGTHS.email && isEmail(address) ? address : undefined;
};

/** Why a switch was refused: codes, not sentences (the page words them). */
export type LanguageSwitchRefusal = "UNKNOWN_LOCALE" | "RETURN_REFUSED" | "CROSS_SITE";

export type LanguageSwitchDecision =
  | { readonly ok: true; readonly locale: Locale; readonly location: string }
  | { readonly ok: false; readonly status: 400 | 403; readonly code: LanguageSwitchRefusal };

/**
 * Decides a posted language switch. The form only ever changes a language cookie, so a
 * forged post does no harm; still a post that says it comes from another site (its
 * `Origin`, or `Sec-Fetch-Site: cross-site`) is refused. `Origin: null` is accepted: the
 * sign-in pages send no referrer, and browsers then send that for their own forms.
 *
 * @example
 * decideLanguageSwitch({ locale: "en_US", returnTo: "/realms/portal/device" }, "/realms/portal", "https://portal.example");
 * // { ok: true, locale: "en_US", location: "/realms/portal/device#language-switcher" }
 */
export const decideLanguageSwitch = (
  input: {
    readonly locale: unknown;
    readonly returnTo: unknown;
    readonly origin?: string | undefined;
    readonly fetchSite?: string | undefined;
    /** The address typed into the sign-in form, when the page's script sent it along. */
    readonly username?: unknown;
  },
  realmPath: string,
  publicOrigin: string,
): LanguageSwitchDecision => {
  const { origin, fetchSite } = input;
  if ((origin && origin !== "null" && origin !== publicOrigin) || fetchSite === "cross-site") {
    return { ok: false, status: 403, code: "CROSS_SITE" };
  }
  if (!isLocale(input.locale)) return { ok: false, status: 400, code: "UNKNOWN_LOCALE" };
  const path = safeReturnPath(input.returnTo, realmPath);
  if (!path) return { ok: false, status: 400, code: "RETURN_REFUSED" };
  const location = `${path}#${switchedFragment(keptAddress(input.username))}`;
  return { ok: true, locale: input.locale, location };
};

/** What the switch route needs from the identity plugin. */
export interface LanguageSwitchOptions {
  /** e.g. `/realms/portal`; the route is `${realmPath}/language`. */
  readonly realmPath: string;
  readonly publicUrl: string;
  /** LANGUAGE_COOKIE_DOMAIN: the app's shared parent domain, when set. */
  readonly cookieDomain: string | undefined;
  /** The context of a page without a language switch, in a locale. */
  readonly pageContext: (locale: Locale) => PageContext;
}

/** Path of the switch route under a realm. @example languageSwitchPath("/realms/portal") */
export const languageSwitchPath = (realmPath: string): string => `${realmPath}/language`;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * `POST ${realmPath}/language` (form: `locale`, `return`, and `username` when the page's
 * script takes a typed address along): sets the app's language
 * cookie (the same cookie the app's switch writes, with the same attributes) and sends
 * the browser back to the page it came from (303). A refused switch answers a page that
 * says why, in the language the person had.
 */
export const serveLanguageSwitch = (app: FastifyInstance, options: LanguageSwitchOptions): void => {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.post(languageSwitchPath(options.realmPath), async (request, reply: FastifyReply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const decision = decideLanguageSwitch(
      {
        locale: body.locale,
        returnTo: body.return,
        origin: header(request, "origin"),
        fetchSite: header(request, "sec-fetch-site"),
        username: body.username,
      },
      options.realmPath,
      publicOrigin,
    );
    reply.header("cache-control", "no-store");
    if (decision.ok) {
      return reply
        .header(
          "set-cookie",
          languageCookie(decision.locale, { domain: options.cookieDomain ?? null }),
        )
        .redirect(decision.location, 303);
    }
    request.log.info({ code: decision.code }, "language switch refused");
    const ctx = options.pageContext(pageLocale({}, request.headers.cookie));
    const t = ctx.texts;
    const text =
      decision.code === "UNKNOWN_LOCALE"
        ? t.languageUnknown
        : decision.code === "RETURN_REFUSED"
          ? t.languageReturnRefused
          : t.errorText;
    return reply
      .code(decision.status)
      .type("text/html; charset=utf-8")
      .send(messagePage(ctx, t.errorTitle, text));
  });
};
