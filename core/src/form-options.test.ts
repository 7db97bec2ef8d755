import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { DIALING_CODES } from "./data/dialing-codes.generated.js";
import {
  countryDialingOptions,
  DAYS,
  formatDate,
  isKnownDialingCode,
  MONTHS,
  yearOptions,
} from "./form-options.js";

describe("birthdate options: 'day list 01 to 31, month, year: current year back 100 years, 101 entries'", () => {
  it("days", () => {
    expect(DAYS).toHaveLength(31);
    expect([DAYS[0], DAYS[8], DAYS[30]]).toEqual(["01", "09", "31"]);
  });
  it("months", () =>
    expect(MONTHS).toEqual([
      "01",
      "02",
      "03",
      "04",
      "05",
      "06",
      "07",
      "08",
      "09",
      "10",
      "11",
      "12",
    ]));
  it.each([
    ["2026-05-01T00:00:00Z", "2026", "1926"],
    ["2000-12-31T23:00:00Z", "2000", "1900"],
  ])("years at %s", (now, first, last) => {
    const years = yearOptions({ now: () => new Date(now) });
    expect(years).toHaveLength(101);
    expect([years[0], years[100]]).toEqual([first, last]);
  });
});

describe("country dialling codes: 'about 240 countries with DE, AT, CH first then alphabetical'", () => {
  it("the generated data matches libphonenumber-js (run core/scripts/generate-dialing-codes.mjs after an update)", () => {
    const fromLibrary = Object.fromEntries(
      [...getCountries()].sort().map((iso) => [iso, getCountryCallingCode(iso)]),
    );
    expect(DIALING_CODES).toEqual(fromLibrary);
  });
  it.each([
    ["de", ["Deutschland", "Österreich", "Schweiz"], "Afghanistan"],
    ["en", ["Germany", "Austria", "Switzerland"], "Afghanistan"],
    ["fr", ["Allemagne", "Autriche", "Suisse"], "Afghanistan"],
    ["de-AT", ["Deutschland", "Österreich", "Schweiz"], "Afghanistan"],
  ])("in %s", (language, pinned, next) => {
    const options = countryDialingOptions(language);
    expect(options.length).toBeGreaterThanOrEqual(230);
    expect(options.slice(0, 3).map((o) => o.name)).toEqual(pinned);
    expect(options.slice(0, 3).map((o) => o.value)).toEqual(["+49", "+43", "+41"]);
    expect(options[3]?.name).toBe(next);
    const rest = options.slice(3).map((o) => o.name);
    const collator = new Intl.Collator(language.slice(0, 2));
    expect(rest.every((name, i) => i === 0 || collator.compare(rest[i - 1] ?? "", name) <= 0)).toBe(
      true,
    );
    expect(new Set(options.map((o) => o.iso)).size).toBe(options.length);
  });
  it("sorts by the name in the user's language (Ägypten among the A's in German)", () => {
    const names = countryDialingOptions("de").map((o) => o.name);
    expect(names.indexOf("Ägypten")).toBeLessThan(names.indexOf("Albanien"));
  });
  it.each([
    ["+49", true],
    ["49", true],
    ["+1", true],
    ["+999", false],
    ["", false],
    ["+4 9", false],
  ])("isKnownDialingCode(%j) is %s", (code, known) => expect(isKnownDialingCode(code)).toBe(known));
});

describe("formatDate: 'Date display DD.MM.YYYY'", () => {
  it.each([
    ["2024-03-05", "05.03.2024"],
    ["2024-03-05T23:30:00Z", "05.03.2024"],
    ["2024-03-05T00:30:00+02:00", "05.03.2024"],
    [null, ""],
    ["05.03.2024", ""],
  ])("%j -> %j", (iso, shown) => expect(formatDate(iso)).toBe(shown));
});
