import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import metadata from "libphonenumber-js/metadata.min.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { DIALING_CODES, MAIN_COUNTRY_OF_SHARED_CODE } from "./data/dialing-codes.generated.js";
import { countryDialingOptions, dialingCountryFor, isKnownDialingCode } from "./dialing-options.js";
import { DAYS, formatDate, MONTHS, yearOptions } from "./form-options.js";

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
  // Issue 15: countries sharing a code were merged into one option (206 instead of ~240).
  it("one option per country, each labelled with its own name and code", () => {
    const options = countryDialingOptions("en");
    expect(options).toHaveLength(Object.keys(DIALING_CODES).length);
    const byIso = new Map(options.map((o) => [o.iso, o]));
    expect(byIso.get("US")).toMatchObject({ value: "+1", label: "United States (+1)" });
    expect(byIso.get("CA")).toMatchObject({ value: "+1", label: "Canada (+1)" });
    expect(byIso.get("AS")?.label).toBe("American Samoa (+1)");
    expect(Math.max(...options.map((o) => o.label.length))).toBeLessThan(60);
    expect(countryDialingOptions("de").find((o) => o.iso === "US")?.label).toBe(
      "Vereinigte Staaten (+1)",
    );
  });
  it("the main countries of shared codes match libphonenumber-js", () => {
    const shared = Object.entries(
      (metadata as { country_calling_codes: Record<string, string[]> }).country_calling_codes,
    ).filter(([, countries]) => countries.length > 1);
    expect(MAIN_COUNTRY_OF_SHARED_CODE).toEqual(
      Object.fromEntries(shared.map(([code, countries]) => [code, countries[0]])),
    );
  });
  it.each([
    ["+49", undefined, "DE"],
    ["+1", undefined, "US"],
    ["+1", "CA", "CA"],
    ["+1", "DE", "US"],
    ["+49", "CA", "DE"],
    ["+44", undefined, "GB"],
    ["+7", "KZ", "KZ"],
    ["43", undefined, "AT"],
    ["+999", undefined, undefined],
    ["", undefined, undefined],
  ])("dialingCountryFor(%j, %j) is %j", (value, chosen, iso) => {
    expect(dialingCountryFor(value, chosen)).toBe(iso);
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
