import { type Clock, systemClock } from "../ports/clock.port.js";
import { isRealDate, type Rule } from "./generic-rules.js";

// Time zones run up to 14 hours ahead of UTC: a birthdate of "today" somewhere on
// earth is still accepted while the server's UTC date is yesterday.
const LATEST_OFFSET_MS = 14 * 60 * 60 * 1000;

/**
 * The latest date (`YYYY-MM-DD`) a birthdate may have: today in the time zone that is
 * furthest ahead.
 *
 * @example
 * latestBirthdate({ now: () => new Date("2026-05-01T12:00:00Z") }); // "2026-05-02"
 */
export const latestBirthdate = (clock: Clock): string =>
  new Date(clock.now().getTime() + LATEST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * True for a real date (`YYYY-MM-DD`) that is not in the future (INVALID_BIRTHDATE
 * otherwise).
 *
 * @example
 * const clock = { now: () => new Date("2026-05-01T12:00:00Z") };
 * isValidBirthdate("1980-02-29", clock); // true
 * isValidBirthdate("2027-01-01", clock); // false
 */
export const isValidBirthdate = (iso: string, clock: Clock = systemClock): boolean =>
  isRealDate(iso) && iso <= latestBirthdate(clock);

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/**
 * Refuses a birthdate in the future once its three parts are filled (real-date and
 * completeness checks are their own rules).
 *
 * @example
 * birthdateNotFuture("birthdayDay", "birthdayMonth", "birthdayYear", clock).check("01", { birthdayMonth: "01", birthdayYear: "2999" }, "birthdayDay");
 * // { key: "Validation.birthdateFuture", params: { field: "Fields.birthdayDay", code: "INVALID_BIRTHDATE" } }
 */
export const birthdateNotFuture = (
  day: string,
  month: string,
  year: string,
  clock: Clock = systemClock,
): Rule => ({
  name: "birthdate_not_future",
  check: (_value, values, field) => {
    const [d, m, y] = [text(values[day]), text(values[month]), text(values[year])];
    if (d === "" || m === "" || y === "") return undefined;
    const iso = `${y.padStart(4, "0")}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
    return !isRealDate(iso) || iso <= latestBirthdate(clock)
      ? undefined
      : {
          key: "Validation.birthdateFuture",
          params: { field: `Fields.${field}`, code: "INVALID_BIRTHDATE" },
        };
  },
});
