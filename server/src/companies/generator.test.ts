import { describe, expect, it } from "vitest";
import { generateCompanies, generateCompany } from "./generator.js";
import { nameSearchValue } from "./normalise.js";

describe("synthetic company register", () => {
  const sample = generateCompanies(0, 5_000);

  it("is deterministic: the same index always gives the same company", () => {
    expect(generateCompany(4711)).toEqual(generateCompany(4711));
    expect(generateCompanies(4_000, 3)).toEqual(sample.slice(4_000, 4_003));
  });

  it("gives every company a unique ten-digit crefonummer", () => {
    expect(sample.every((c) => /^\d{10}$/.test(c.crefonummer))).toBe(true);
    expect(new Set(sample.map((c) => c.crefonummer)).size).toBe(sample.length);
    expect(generateCompany(999_999).crefonummer).not.toBe(generateCompany(1_000_000).crefonummer);
  });

  it("has German, Austrian and Luxembourgish companies with their legal forms and postal codes", () => {
    const forms = (country: string) =>
      new Set(sample.filter((c) => c.countryCode === country).map((c) => c.legalForm));
    expect([...forms("DE")]).toEqual(
      expect.arrayContaining(["GmbH", "AG", "KG", "e.K.", "GmbH & Co. KG"]),
    );
    expect([...forms("AT")]).toEqual(expect.arrayContaining(["GmbH", "e.U.", "OG"]));
    expect([...forms("LU")]).toEqual(expect.arrayContaining(["SARL", "S.à r.l.", "S.A."]));
    for (const c of sample) {
      expect(c.name.endsWith(` ${c.legalForm}`)).toBe(true);
      expect(c.postalCode).toMatch(c.countryCode === "DE" ? /^\d{5}$/ : /^\d{4}$/);
      expect(c.representatives.length).toBeGreaterThan(0);
      expect(c.nameSearch).toBe(nameSearchValue(c.name));
      expect(c.nameLength).toBe(c.nameSearch.length - 1);
    }
  });

  it("is varied enough to look like a register", () => {
    expect(new Set(sample.map((c) => c.name)).size).toBeGreaterThan(4_500);
    expect(new Set(sample.map((c) => c.city)).size).toBeGreaterThan(60);
  });
});
