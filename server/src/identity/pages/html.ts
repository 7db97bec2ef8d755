import type { LoginTexts, PageLanguage } from "./texts.js";

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** A piece of markup that is already safe (built by these helpers). */
export interface Html {
  readonly html: string;
}

/** Marks trusted markup; everything else interpolated through {@link html} is escaped. */
export const raw = (markup: string): Html => ({ html: markup });

type Part = string | number | Html | ReadonlyArray<Html> | null | undefined | false;

/**
 * Tagged template that escapes every interpolated string, so page code cannot forget to.
 *
 * @example
 * html`<p>${userInput}</p>`.html;
 */
export const html = (strings: TemplateStringsArray, ...parts: Part[]): Html => {
  let out = strings[0] ?? "";
  parts.forEach((part, i) => {
    if (part === null || part === undefined || part === false) out += "";
    else if (typeof part === "string" || typeof part === "number") out += escapeHtml(String(part));
    else if (Array.isArray(part)) out += part.map((p: Html) => p.html).join("");
    else out += (part as Html).html;
    out += strings[i + 1] ?? "";
  });
  return { html: out };
};

/** What every page needs: language, texts, branding, where the static assets live. */
export interface PageContext {
  readonly language: PageLanguage;
  readonly texts: LoginTexts;
  readonly associationName: string;
  readonly portalUrl: string;
  /** Path of the provider's assets, e.g. `/realms/portal/resources`. */
  readonly resources: string;
}

/** A message box; `role="alert"` for errors so screen readers announce them. */
export const message = (kind: "error" | "info" | "success", text: string, qa: string): Html =>
  html`<div class="message message--${kind}" ${raw(kind === "error" ? 'role="alert"' : 'role="status"')} data-qa="${qa}">${text}</div>`;

/**
 * A whole page in the portal's look: header with the association's name, one main landmark
 * with the title as its only h1, no inline script or style (CSP: self only).
 */
export const page = (ctx: PageContext, title: string, body: Html): string =>
  `<!DOCTYPE html>${
    html`<html lang="${ctx.texts.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} – ${ctx.associationName}</title>
<link rel="stylesheet" href="${ctx.resources}/login.css">
<script src="${ctx.resources}/login.js" defer></script>
</head>
<body>
<a class="skip-link" href="#kc-content">${ctx.texts.skipToContent}</a>
<header class="header"><a class="header__brand" href="${ctx.portalUrl}" data-qa="provider-brand-link">${ctx.associationName}</a></header>
<main id="kc-content" class="card" tabindex="-1">
<h1 id="kc-page-title">${title}</h1>
${body}
</main>
<footer class="footer">© ${new Date().getFullYear()} ${ctx.associationName}</footer>
</body>
</html>`.html
  }`;
