import { describe, expect, it } from "vitest";
import { basePerson } from "../testing/person-fixture.js";
import { birthdateNotFuture, isValidBirthdate, latestBirthdate } from "./birthdate-rules.js";
import { personalDataRules } from "./personal-data-rules.js";
import { validatePersonFields } from "./server-validation.js";
import { validateForm } from "./validate.js";

// Issue 15: a birth date in the future was accepted (spec section 8: INVALID_BIRTHDATE).
const clock = { now: () => new Date("2026-05-01T12:00:00Z") };

describe("isValidBirthdate: a real date, not in the future", () => {
  it.each([
    ["1980-02-29", true],
    ["2026-05-01", true],
    // Already 2 May east of UTC+12: still "today" for someone there.
    ["2026-05-02", true],
    ["2026-05-03", false],
    ["2027-01-01", false],
    ["2026-02-30", false],
  ])("%s: %s", (iso, ok) => expect(isValidBirthdate(iso, clock)).toBe(ok));

  it("the latest accepted date is today in the time zone furthest ahead", () => {
    expect(latestBirthdate({ now: () => new Date("2026-05-01T09:59:59Z") })).toBe("2026-05-01");
    expect(latestBirthdate({ now: () => new Date("2026-05-01T10:00:00Z") })).toBe("2026-05-02");
  });
});

describe("birthdateNotFuture: the form rule on the day field", () => {
  const rule = birthdateNotFuture("birthdayDay", "birthdayMonth", "birthdayYear", clock);
  const check = (d: string, m: string, y: string) =>
    rule.check(d, { birthdayDay: d, birthdayMonth: m, birthdayYear: y }, "birthdayDay");

  it("refuses a date in the future with INVALID_BIRTHDATE", () => {
    expect(check("31", "12", "2026")).toEqual({
      key: "Validation.birthdateFuture",
      params: { field: "Fields.birthdayDay", code: "INVALID_BIRTHDATE" },
    });
  });

  it.each([
    ["01", "05", "2026"],
    ["15", "06", "1980"],
    ["", "12", "2026"],
    ["31", "02", "2026"],
  ])("leaves %s.%s.%s to the other rules or accepts it", (d, m, y) => {
    expect(check(d, m, y)).toBeUndefined();
  });
});

describe("the personal data form and the server refuse a future birthdate", () => {
  const nextYear = String(new Date().getUTCFullYear() + 1);

  it("personalDataRules (real clock): error on the day field", () => {
    const errors = validateForm(personalDataRules, {
      birthdayDay: "01",
      birthdayMonth: "01",
      birthdayYear: nextYear,
    });
    expect(errors.birthdayDay).toMatchObject({ key: "Validation.birthdateFuture" });
  });

  it("validatePersonFields: INVALID_BIRTHDATE with the given clock", () => {
    const person = { ...basePerson, dateOfBirth: "2026-12-31" };
    expect(validatePersonFields(person, clock)).toEqual([
      { errorCode: "INVALID_BIRTHDATE", field: "dateOfBirth" },
    ]);
    expect(validatePersonFields({ ...basePerson, dateOfBirth: "2026-04-30" }, clock)).toEqual([]);
  });
});
