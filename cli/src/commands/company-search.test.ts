import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeCompanySearch, refusal } from "../testing/fakes.js";
import { collectCompanySearch, printCompanySearch } from "./company-search.js";

const found = {
  companyNameSuggestions: [
    { crefonummer: "2010000001", name: "Muster GmbH" },
    { crefonummer: "2010000002", name: "Muster & Söhne KG" },
  ],
};

describe("collectCompanySearch: 'Autocomplete: minimum 3 characters'", () => {
  it.each(["", "ab", "  ab  ", "Mü"])("'%s' is too short: usage error, no call", async (term) => {
    const fake = fakeCompanySearch({ ok: true, value: found });
    expect(await collectCompanySearch({ term }, fake.port)).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key: "usage.companyTerm" } },
    });
    expect(fake.terms).toEqual([]);
  });
  it.each([
    ["Mus", "Mus"],
    [" Muster GmbH ", "Muster GmbH"],
    ["201", "201"],
  ])("'%s' is searched as '%s'", async (term, sent) => {
    const fake = fakeCompanySearch({ ok: true, value: found });
    expect(await collectCompanySearch({ term }, fake.port)).toEqual({ ok: true, value: found });
    expect(fake.terms).toEqual([sent]);
  });

  it("--crefonummer searches by prefix", async () => {
    const fake = fakeCompanySearch({ ok: true, value: found });
    expect(await collectCompanySearch({ crefonummer: " 2010 " }, fake.port)).toEqual({
      ok: true,
      value: found,
    });
    expect(fake.terms).toEqual(["2010"]);
  });

  it.each(["20x1", "2010-1", "abc", "１２３"])(
    "'Crefonummer ... accepted only if all digits': --crefonummer %s is a usage error",
    async (crefonummer) => {
      const fake = fakeCompanySearch({ ok: true, value: found });
      expect(await collectCompanySearch({ crefonummer }, fake.port)).toMatchObject({
        ok: false,
        error: { _tag: "Usage", message: { key: "usage.crefonummer" } },
      });
      expect(fake.terms).toEqual([]);
    },
  );

  it.each([{}, { term: "Muster", crefonummer: "2010" }])(
    "exactly one of TERM and --crefonummer: %j",
    async (query) => {
      expect(
        await collectCompanySearch(query, fakeCompanySearch({ ok: true, value: found }).port),
      ).toMatchObject({
        ok: false,
        error: { _tag: "Usage", message: { key: "usage.companyQuery" } },
      });
    },
  );
  it("passes the portal's refusal on", async () => {
    const fake = fakeCompanySearch({ ok: false, error: refusal(400, "INVALID_CREFONUMMER") });
    expect(await collectCompanySearch({ term: "Mus" }, fake.port)).toMatchObject({
      ok: false,
      error: { _tag: "Http" },
    });
  });
});

describe("printCompanySearch", () => {
  it("a table of crefonummer and name, best first", () => {
    expect(printCompanySearch("Muster", found, translator("en"))).toBe(
      ["Crefonummer  Name", "2010000001   Muster GmbH", "2010000002   Muster & Söhne KG"].join(
        "\n",
      ),
    );
  });
  it("says when nothing matches", () => {
    expect(printCompanySearch(" Xyz ", { companyNameSuggestions: [] }, translator("fr"))).toBe(
      "Aucune entreprise ne correspond à « Xyz ».",
    );
  });
});
