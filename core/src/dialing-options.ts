// The country dialling code list of the profile's phone field (spec section 2) and the
// check of a stored code. Apart from form-options.ts so that only the pages with a phone
// field load the country table (the web app's shared form chunk stays small).
import { DIALING_CODES, MAIN_COUNTRY_OF_SHARED_CODE } from "./data/dialing-codes.generated.js";
import { uiLanguage } from "./locales.js";

/** One entry of the country dialling code list. */
export interface DialingOption {
  /** ISO 3166-1 alpha-2 code, unique; use it as the option key. */
  readonly iso: string;
  /** Country name in the requested language. */
  readonly name: string;
  /** Calling code digits, e.g. "49". */
  readonly callingCode: string;
  /**
   * The form value and stored `countryDialingCode`, e.g. "+49"; countries sharing a
   * code share it (key options by `iso`, see {@link dialingCountryFor}).
   */
  readonly value: string;
  /** What the option shows: the name with its code, e.g. "Austria (+43)". */
  readonly label: string;
}

/** Countries listed first, in this order (spec section 2). */
const PINNED_COUNTRIES = ["DE", "AT", "CH"] as const;

/**
 * The country dialling code list (about 240 countries, from libphonenumber-js data), one
 * option per country even where countries share a code: DE, AT, CH first, then
 * alphabetical by the country name in the user's language.
 *
 * @example
 * countryDialingOptions("en")[0]; // { iso: "DE", name: "Germany", callingCode: "49", value: "+49", label: "Germany (+49)" }
 */
export const countryDialingOptions = (language: string): ReadonlyArray<DialingOption> => {
  const lang = uiLanguage(language);
  const names = new Intl.DisplayNames([lang], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(lang);
  const all = Object.entries(DIALING_CODES).map(([iso, callingCode]) => {
    const name = names.of(iso) ?? iso;
    return { iso, name, callingCode, value: `+${callingCode}`, label: `${name} (+${callingCode})` };
  });
  const pinned = PINNED_COUNTRIES.map((iso) => all.find((o) => o.iso === iso)).filter(
    (o): o is DialingOption => o !== undefined,
  );
  const rest = all
    .filter((o) => !(PINNED_COUNTRIES as ReadonlyArray<string>).includes(o.iso))
    .sort((a, b) => collator.compare(a.name, b.name) || a.iso.localeCompare(b.iso));
  return [...pinned, ...rest];
};

/**
 * The country (ISO) whose option a stored dialling code selects: only the code is
 * stored, so the user's own choice wins while it has that code (Canada stays Canada
 * for "+1"); otherwise the code's only country, or for a shared code its main country
 * (+1 the USA, +44 the United Kingdom). Undefined for an empty or unknown code.
 *
 * @example
 * dialingCountryFor("+1"); // "US"
 * dialingCountryFor("+1", "CA"); // "CA"
 * dialingCountryFor("+49", "CA"); // "DE"
 */
export const dialingCountryFor = (value: string, chosen?: string): string | undefined => {
  const digits = value.startsWith("+") ? value.slice(1) : value;
  if (chosen !== undefined && DIALING_CODES[chosen] === digits) return chosen;
  const main = MAIN_COUNTRY_OF_SHARED_CODE[digits];
  if (main !== undefined) return main;
  return Object.keys(DIALING_CODES).find((iso) => DIALING_CODES[iso] === digits);
};

/** True when `code` ("+49" or "49") is a known international calling code. */
export const isKnownDialingCode = (code: string): boolean => {
  const digits = code.startsWith("+") ? code.slice(1) : code;
  return /^\d{1,4}$/.test(digits) && Object.values(DIALING_CODES).includes(digits);
};
