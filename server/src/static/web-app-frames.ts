import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  DEFAULT_LOCALE,
  escapeHtml,
  localeToLanguage,
  parseLanguageCookie,
  SESSION_HINT_COOKIE,
} from "@portal/core";
import { withFrameLoader } from "./frame-loader.js";

/** The file the web build's prerender writes (web/scripts/prerender.mjs). */
export const FRAMES_FILE = "frames.json";

/** One prerendered frame: the markup of #root and the page's title. */
interface Frame {
  readonly title: string;
  readonly html: string;
}

/**
 * frames.json: per route path (relative to the base path), its frames by language tag (de,
 * de-AT, en, fr, fr-LU).
 */
export interface WebAppFrames {
  readonly routes: Readonly<
    Record<
      string,
      {
        /** Query parameters the frame cannot show: with one of them the app renders alone. */
        readonly query: ReadonlyArray<string>;
        readonly frames: Readonly<Record<string, Frame>>;
      }
    >
  >;
}

/** What the server fills into a frame: its branding (config.json's) and the year. */
export interface FrameValues {
  readonly branding: Readonly<Record<string, string>>;
  readonly year: number;
}

/**
 * `record[key]` when the record itself holds `key`. The keys come from the request (the
 * path) or from the build: a plain object would also answer `__proto__`, `constructor`,
 * `toString`, ... with what it inherits, and a path named so made the page a 500.
 */
const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** Whether the Cookie header holds the session hint (SESSION_HINT_COOKIE=1). */
const signedInHint = (cookie: string | undefined): boolean =>
  (cookie ?? "").split(";").some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`);

/** Fills the build's markers (web/src/prerender/frame-config.ts) with the server's values. */
const fill = (html: string, values: FrameValues): string =>
  html
    .replace(/__PORTAL_BRANDING_(\w+?)__/g, (marker, key: string) => {
      const value = own(values.branding, key);
      return value === undefined ? marker : escapeHtml(value);
    })
    .replaceAll("__PORTAL_YEAR__", String(values.year));

export interface FrameRequest {
  /** The route's path relative to the base path, e.g. `registrieren` (no query). */
  readonly path: string;
  /** The query's parameter names. */
  readonly query: ReadonlyArray<string>;
  /** The request's Cookie header. */
  readonly cookie: string | undefined;
}

/**
 * index.html carrying the route's prerendered frame in the language of the
 * CAS_PREFERRED_LANGUAGE cookie (German without it): `<html lang>` the cookie's language,
 * the page's title, the frame of that language (de-AT and fr-LU have their own) in #root
 * marked with it (`data-frame`, which tells the app to hydrate). Null when the route has
 * no frame in that language (a signed-in route, an unknown address, a build before
 * de-AT's and fr-LU's frames), the request names a query parameter the frame
 * cannot show, or the browser was signed in at its last check (SESSION_HINT_COOKIE): the
 * app then renders on its own, as before.
 *
 * @example
 * framePage(index, frames, values, { path: "registrieren", query: [], cookie: "CAS_PREFERRED_LANGUAGE=fr_FR" });
 * // '<!doctype html><html lang="fr">…<title>Inscription – …</title>…<div id="root" data-frame="fr"><div class="shell">…'
 */
export const framePage = (
  indexHtml: string,
  frames: WebAppFrames,
  values: FrameValues,
  request: FrameRequest,
): string | null => {
  const route = own(frames.routes, request.path.replace(/\/+$/, ""));
  if (!route || request.query.some((name) => route.query.includes(name))) return null;
  // A browser signed in at its last check gets the account layout from the app at once;
  // the visitor's frame would change under it.
  if (signedInHint(request.cookie)) return null;
  // Each of the five languages has its own frame (de-AT's header names de-AT, not de); a
  // build without one for the cookie's language leaves the page to the app.
  const language = localeToLanguage(parseLanguageCookie(request.cookie) ?? DEFAULT_LOCALE);
  const frame = own(route.frames, language);
  if (!frame || !indexHtml.includes('<div id="root"></div>')) return null;
  const html = fill(frame.html, values);
  // Replacer functions: a `$` in the frame or title is text, not a replacement pattern.
  return (
    // The frame paints without script: only the stylesheet is worth waiting for. The boot
    // script is asked for once the frame is painted (see frame-loader.ts) and then asks for
    // the app's code and config.json, so none of it competes with the paint (index.html's
    // preloads are for a page the app must draw first).
    withFrameLoader(indexHtml)
      .replace(/\s*<link rel="(?:modulepreload|preload)"[^>]*>/g, "")
      .replace(/<html\b[^>]*>/, () => `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(frame.title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-frame="${language}">${html}</div>`,
      )
  );
};

/** index.html and frames.json of a web build, or null when either is missing. */
export interface WebAppPages {
  readonly indexHtml: string;
  readonly frames: WebAppFrames;
}

/**
 * Reads index.html and frames.json of `webDistDir`, again only when one of them changed
 * (a new build while the server runs); null without them (a build without prerender).
 */
export const webAppPagesReader = (webDistDir: string): (() => WebAppPages | null) => {
  const index = join(webDistDir, "index.html");
  const framesFile = join(webDistDir, FRAMES_FILE);
  let seen: { readonly stamp: string; readonly pages: WebAppPages } | undefined;
  return () => {
    let stamp: string;
    try {
      stamp = `${statSync(index).mtimeMs}/${statSync(framesFile).mtimeMs}`;
    } catch {
      seen = undefined;
      return null;
    }
    if (seen?.stamp !== stamp) {
      seen = {
        stamp,
        pages: {
          indexHtml: readFileSync(index, "utf8"),
          frames: JSON.parse(readFileSync(framesFile, "utf8")) as WebAppFrames,
        },
      };
    }
    return seen.pages;
  };
};
