/**
 * `@portal/core/texts`: the whole catalogue and i18next over it, for Node surfaces (CLI,
 * provider pages, mails) and the catalogue's tests. Its own entry so the browser, which
 * loads one namespace at a time (`loadTexts` of `@portal/core`), never bundles it.
 */
export * from "./catalogue.js";
export * from "./texts-for.js";
