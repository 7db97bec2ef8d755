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
