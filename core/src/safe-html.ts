/**
 * The one HTML escaping of the portal: the provider pages, the mails, the API reference and
 * the server's fallback pages all put text into markup through it, so a fix reaches every
 * surface at once.
 *
 * @example
 * escapeHtml(`<a href="x">Tom & 'Jerry'</a>`);
 * // "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, escapeOne);

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

// The pattern above matches only the five keys, so the fallback is never taken.
const escapeOne = (c: string): string => ENTITIES[c] ?? c;

/** A piece of markup that is already safe (built by {@link html} or marked by {@link raw}). */
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
