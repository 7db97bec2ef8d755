import { YEAR_OPTION_COUNT } from "./constants.js";
import type { Clock } from "./ports/clock.port.js";

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** Day options of the birthdate: "01".."31". */
export const DAYS: ReadonlyArray<string> = Array.from({ length: 31 }, (_, i) => pad2(i + 1));
/** Month options of the birthdate: "01".."12". */
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
