/**
 * Reads one text out of a catalogue of core (errors.json, shared.json) by its dotted key and
 * fills its i18next-style `{{name}}` parameters: the way Node surfaces (CLI, provider pages,
 * mails) word a text that the web app reads through i18next.
 */

/** The texts' parameters: `{{name}}` in a text takes `params.name`. */
export type TextParams = Readonly<Record<string, string | number>>;

/**
 * Fills `{{name}}` parameters of a text and leaves unknown ones as they are.
 *
 * @example
 * fillText("© {{year}} {{association}}", { year: 2026, association: "Verein" }); // "© 2026 Verein"
 */
export const fillText = (text: string, params: TextParams = {}): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );

/**
 * The text at a dotted key of a catalogue, parameters filled; undefined when the key names
 * no text (a branch, a missing leaf, a prototype name).
 *
 * @example
 * catalogueText({ Layout: { faq: "FAQ" } }, "Layout.faq"); // "FAQ"
 */
export const catalogueText = (
  catalogue: object,
  key: string,
  params: TextParams = {},
): string | undefined => {
  const found = key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        typeof node === "object" && node !== null && Object.hasOwn(node, part)
          ? (node as Record<string, unknown>)[part]
          : undefined,
      catalogue,
    );
  return typeof found === "string" ? fillText(found, params) : undefined;
};
