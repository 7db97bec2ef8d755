import { describe, expect, it } from "vitest";
import { nameSearchValue, normaliseForSearch, searchWords } from "./normalise.js";
import { parseSearchTerm } from "./search-term.js";

describe("normaliseForSearch: case- and accent-insensitive matching", () => {
  it.each([
    ["Müller Bau GmbH", "muller bau gmbh"],
    ["Bäckerei Groß GmbH & Co. KG", "backerei gross gmbh co kg"],
    ["Société Générale S.à r.l.", "societe generale s a r l"],
    ["  ÖZTÜRK   Çelik  ", "ozturk celik"],
    ["Nikolić e.U.", "nikolic e u"],
    ["Kfz-Werkstatt Ørsted", "kfz werkstatt orsted"],
  ])("%s -> %s", (input, expected) => {
    expect(normaliseForSearch(input)).toBe(expected);
  });

  it("stores name_search with one leading space so a word at the start matches '% word%'", () => {
    expect(nameSearchValue("Müller Bau GmbH")).toBe(" muller bau gmbh");
  });

  it("splits a term into words and drops punctuation", () => {
    expect(searchWords("Müller & Söhne")).toEqual(["muller", "sohne"]);
  });
});

describe("parseSearchTerm: 'Autocomplete: minimum 3 characters' and digits-only crefonummer", () => {
  it.each([
    ["Mü", { ok: false, error: "TERM_TOO_SHORT" }],
    ["  ab  ", { ok: false, error: "TERM_TOO_SHORT" }],
    ["20", { ok: false, error: "TERM_TOO_SHORT" }],
    ["x".repeat(121), { ok: false, error: "TERM_TOO_LONG" }],
    ["%_&", { ok: false, error: "TERM_WITHOUT_WORDS" }],
    ["201", { ok: true, value: { kind: "crefonummer", digits: "201" } }],
    ["Mül", { ok: true, value: { kind: "name", words: ["mul"], phrase: "mul" } }],
    [
      "Müller Bau",
      { ok: true, value: { kind: "name", words: ["muller", "bau"], phrase: "muller bau" } },
    ],
    ["20 10", { ok: true, value: { kind: "name", words: ["20", "10"], phrase: "20 10" } }],
  ])("%j", (term, expected) => {
    expect(parseSearchTerm(term)).toEqual(expected);
  });
});
