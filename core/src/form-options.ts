import { YEAR_OPTION_COUNT } from "./constants.js";
import { DIALING_CODES } from "./data/dialing-codes.generated.js";
import { uiLanguage } from "./locales.js";
import type { Clock } from "./ports/clock.port.js";

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** Day options of the birthdate: "01".."31". @example DAYS[0] === "01" */
export const DAYS: ReadonlyArray<string> = Array.from({ length: 31 }, (_, i) => pad2(i + 1));
/** Month options of the birthdate: "01".."12". @example MONTHS[11] === "12" */
export const MONTHS: ReadonlyArray<string> = Array.from({ length: 12 }, (_, i) => pad2(i + 1));

/**
 * Year options of the birthdate: the current year back 100 years (101 entries),
 * newest first.
 *
 * @example
 * yearOptions({ now: () => new Date("2026-05-01") }); // ["2026", "2025", ..., "1926"]
 */
export const yearOptions = (clock: Clock): ReadonlyArray<string> => {
  const current = clock.now().getUTCFullYear();
  return Array.from({ length: YEAR_OPTION_COUNT }, (_, i) => String(current - i));
};

/**
 * One entry of the country dialling code list.
 *
 * @example
 * const o: DialingOption = { iso: "AT", name: "Austria", callingCode: "43", value: "+43" };
 */
export interface DialingOption {
  /** ISO 3166-1 alpha-2 code, unique; use it as the option key. */
  readonly iso: string;
  /** Country name in the requested language. */
  readonly name: string;
  /** Calling code digits, e.g. "49". */
  readonly callingCode: string;
  /** The form value and stored `countryDialingCode`, e.g. "+49". */
  readonly value: string;
}

/**
 * Countries listed first, in this order (spec section 2).
 *
 * @example
 * countryDialingOptions("en").slice(0, 3).map((o) => o.iso); // PINNED_COUNTRIES
 */
export const PINNED_COUNTRIES = ["DE", "AT", "CH"] as const;

/**
 * The country dialling code list (about 240 countries, from libphonenumber-js data):
 * DE, AT, CH first, then alphabetical by the country name in the user's language.
 *
 * @example
 * countryDialingOptions("en")[0]; // { iso: "DE", name: "Germany", callingCode: "49", value: "+49" }
 */
export const countryDialingOptions = (language: string): ReadonlyArray<DialingOption> => {
  const lang = uiLanguage(language);
  const names = new Intl.DisplayNames([lang], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(lang);
  const all = Object.entries(DIALING_CODES).map(([iso, callingCode]) => ({
    iso,
    name: names.of(iso) ?? iso,
    callingCode,
    value: `+${callingCode}`,
  }));
  const pinned = PINNED_COUNTRIES.map((iso) => all.find((o) => o.iso === iso)).filter(
    (o): o is DialingOption => o !== undefined,
  );
  const rest = all
    .filter((o) => !(PINNED_COUNTRIES as ReadonlyArray<string>).includes(o.iso))
    .sort((a, b) => collator.compare(a.name, b.name) || a.iso.localeCompare(b.iso));
  return [...pinned, ...rest];
};

/**
 * True when `code` ("+49" or "49") is a known international calling code.
 *
 * @example
 * isKnownDialingCode("+49"); // true
 */
export const isKnownDialingCode = (code: string): boolean => {
  const digits = code.startsWith("+") ? code.slice(1) : code;
  return /^\d{1,4}$/.test(digits) && Object.values(DIALING_CODES).includes(digits);
};

/**
 * A date (`YYYY-MM-DD`) or date-time (ISO 8601) shown as DD.MM.YYYY; the date part is
 * taken as written, so the output never depends on the machine's time zone.
 * Returns "" for null or text that is not an ISO date.
 *
 * @example
 * formatDate("2024-03-05T10:00:00Z"); // "05.03.2024"
 */
export const formatDate = (iso: string | null | undefined): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  return m ? `${m[3]}.${m[2]}.${m[1]}` : "";
};
