import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BASE_PATH } from "@portal/core";

/**
 * What server-rendered pages (the identity provider's) take from the built web app's
 * `<head>` so they look like the app: its entry stylesheets, its icons and its theme colour.
 * Every URL is a path under the app's own base path: same origin, one cached copy for both.
 */
export interface WebAppHead {
  /**
   * Entry stylesheets, e.g. `/benutzerverwaltung/assets/index-B9fJ8TGD.css`, with the
   * `crossorigin` attribute as index.html has it (the same request mode, so the browser's
   * cache serves the app and these pages one copy).
   */
  readonly stylesheets: ReadonlyArray<{ readonly href: string; readonly crossorigin: boolean }>;
  /** `<link rel="icon">` and `apple-touch-icon` entries of index.html. */
  readonly icons: ReadonlyArray<{
    readonly rel: string;
    readonly href: string;
    readonly type?: string;
    readonly sizes?: string;
  }>;
  readonly themeColor?: string | undefined;
}

/** No web build: the pages get no app stylesheet (they still render, with their own). */
export const NO_WEB_APP_HEAD: WebAppHead = { stylesheets: [], icons: [] };

type Attributes = Readonly<Record<string, string>>;

const attributesOf = (tag: string): Attributes => {
  const out: Record<string, string> = {};
  for (const [, name, , , a, b, c] of tag.matchAll(
    /([a-zA-Z-:]+)(\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
  )) {
    if (name) out[name.toLowerCase()] = a ?? b ?? c ?? "";
  }
  return out;
};

const tags = (markup: string, name: string): Attributes[] =>
  [...markup.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map(([, rest]) =>
    attributesOf(rest ?? ""),
  );

// Only the app's own files: a build that linked elsewhere must not make the provider's
// pages (CSP 'self') load anything from another origin.
const ownPath = (href: string | undefined): href is string =>
  typeof href === "string" &&
  href.startsWith(BASE_PATH) &&
  !href.includes("//") &&
  !/[\s"'<>\\]/.test(href);

/**
 * The head of a built index.html (Vite writes the entry stylesheet there, after its
 * manifest's `index.html` -> `css`).
 *
 * @example
 * webAppHeadOf('<link rel="stylesheet" href="/benutzerverwaltung/assets/index-1.css">');
 * // { stylesheets: [{ href: "/benutzerverwaltung/assets/index-1.css", crossorigin: false }], icons: [] }
 */
export const webAppHeadOf = (indexHtml: string): WebAppHead => {
  const links = tags(indexHtml, "link");
  const rels = (link: Attributes) => (link.rel ?? "").toLowerCase().split(/\s+/);
  const stylesheets = links
    .filter((link) => rels(link).includes("stylesheet") && ownPath(link.href))
    .map((link) => ({ href: link.href ?? "", crossorigin: "crossorigin" in link }));
  const icons = links
    .filter((link) => rels(link).some((rel) => rel === "icon" || rel === "apple-touch-icon"))
    .filter((link) => ownPath(link.href))
    .map((link) => ({
      rel: link.rel ?? "icon",
      href: link.href ?? "",
      ...(link.type ? { type: link.type } : {}),
      ...(link.sizes ? { sizes: link.sizes } : {}),
    }));
  const theme = tags(indexHtml, "meta").find((meta) => meta.name === "theme-color")?.content;
  return {
    stylesheets,
    icons,
    ...(theme && /^#[0-9a-fA-F]{3,8}$/.test(theme) ? { themeColor: theme } : {}),
  };
};

/**
 * Reads the web build's head from `webDistDir/index.html`, again only when the file
 * changed (a new build deploys new hashed names while the server runs), and
 * {@link NO_WEB_APP_HEAD} while there is no build.
 *
 * @example
 * const head = webAppHeadReader(config.webDistDir);
 * head().stylesheets[0]?.href; // "/benutzerverwaltung/assets/index-B9fJ8TGD.css"
 */
export const webAppHeadReader = (webDistDir: string): (() => WebAppHead) => {
  const file = join(webDistDir, "index.html");
  let seen: { readonly mtimeMs: number; readonly head: WebAppHead } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      seen = undefined;
      return NO_WEB_APP_HEAD;
    }
    if (seen?.mtimeMs !== mtimeMs) {
      seen = { mtimeMs, head: webAppHeadOf(readFileSync(file, "utf8")) };
    }
    return seen.head;
  };
};
