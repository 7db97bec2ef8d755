import { readFileSync } from "node:fs";
import { LOCALE_CHOICES } from "@portal/core";

// The browser files of the provider pages are real files in provider-assets/ (biome lints
// them). They sit beside this module in the source (src/provider/pages/) and beside the
// bundle in the build (dist/: tsup.config.ts copies the folder there), so one relative URL
// finds them whether the server runs from src (tests) or from dist (pnpm start).
const ASSETS = new URL("./provider-assets/", import.meta.url);

/** One file of provider-assets/, e.g. `login.js`. */
const providerAsset = (name: string): string => readFileSync(new URL(name, ASSETS), "utf8");

/**
 * The language switch's short tags (layout.ts renders one per locale): only the tag of
 * the option chosen in the select may show, the app's sheet decides whether it does (on a
 * phone, not under forced colours). These rules only ever hide a tag, so they never draw
 * one the app would not. Browsers without `:has()` drop that rule and keep the tag of the
 * page's own locale (`data-current`). Written from core's locales, so they follow the file.
 */
const LANGUAGE_TAG_RULES = [
  "@supports not selector(:has(*)){.lang-switch__short:not([data-current]){display:none}}",
  `${LOCALE_CHOICES.map(
    ({ locale }) =>
      `.lang-switch:has(option[value="${locale}"]:not(:checked)) .lang-switch__short[data-locale="${locale}"]`,
  ).join(",")}{display:none}`,
];

/**
 * The provider pages' browser assets, read once when the provider starts and served from
 * the realm's `resources` path (CSP 'self': no inline style or script on the pages).
 *
 * @example
 * const { loginJs } = providerAssets();
 */
export const providerAssets = () => ({
  /** provider-assets/login.css, then the language tags' rules. */
  loginCss: [providerAsset("login.css"), ...LANGUAGE_TAG_RULES, ""].join("\n"),
  /** The pages' script: the language switch, print and copy buttons, focus on errors. */
  loginJs: providerAsset("login.js"),
  /** The passkey forms' script (after SimpleWebAuthn's bundle: passkey-assets.ts). */
  passkeyJs: providerAsset("passkey.js"),
  /** The sign-in page's capability check and the passkey upgrade page's script (issue 49). */
  passkeyUpgradeJs: providerAsset("passkey-upgrade.js"),
});
