import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../db/schema/companies.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { generateCompanies } from "./generator.js";
import { findCompany, lookupCompanyName } from "./lookup.js";
import { nameSearchValue } from "./normalise.js";
import { type Candidate, rankCandidates } from "./rank.js";
import { searchCompanies } from "./search.js";
import { parseSearchTerm } from "./search-term.js";
import { insertGeneratedCompanies, seedCompanies } from "./seed.js";

const crafted = (crefonummer: string, name: string) => ({
  crefonummer,
  name,
  legalForm: name.split(" ").at(-1) ?? "",
  city: "Köln",
  postalCode: "50667",
  countryCode: "DE",
  representatives: ["Erika Mustermann"],
  nameSearch: nameSearchValue(name),
  nameLength: nameSearchValue(name).length - 1,
});

const CRAFTED = [
  crafted("9000000001", "Müller Bau GmbH"),
  crafted("9000000002", "Bauer Müller KG"),
  crafted("9000000003", "Müllerei Schmidt e.K."),
  crafted("9000000004", "Schmidt Müller Bauunternehmen GmbH & Co. KG"),
  crafted("9000000005", "Société Générale Luxembourg S.A."),
  crafted("9000000006", "Müller"),
  crafted("9000000007", "Hausmüller Transporte GmbH"),
  crafted("9000000008", "Bau Quastwerk AG"),
  crafted("9000000009", "Quastwerker Schmidt e.K."),
  crafted("9000000010", "Quastwerk Bau GmbH"),
  crafted("9000000011", "Quastwerk"),
  crafted("9000000012", "Hausquastwerk GmbH"),
];

const term = (raw: string) => {
  const parsed = parseSearchTerm(raw);
  if (!parsed.ok) throw new Error(`bad term ${raw}`);
  return parsed.value;
};
const names = (list: readonly { name: string }[]) => list.map((s) => s.name);

describe.each(databases)("company suggestions on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const generated = generateCompanies(0, 3_000);

  beforeAll(async () => {
    database = await openTestDatabase(target);
    // Seeding an empty register writes the requested count, a second start writes nothing.
    expect(await seedCompanies(database.db, 3_000)).toBe(3_000);
    expect(await seedCompanies(database.db, 3_000)).toBe(0);
    await database.db.insert(companies).values(CRAFTED);
  });
  afterAll(async () => database?.close());

  it("matches every word as a word prefix, case- and accent-insensitive, best first", async () => {
    const found = await searchCompanies(database.db, term("müller bau"));
    expect(names(found)).toEqual([
      "Müller Bau GmbH", // the name starts with the term
      "Bauer Müller KG", // both words start words, shorter name first
      "Schmidt Müller Bauunternehmen GmbH & Co. KG",
    ]);
    expect(names(await searchCompanies(database.db, term("MULLER BAU")))).toEqual(names(found));
  });

  it("puts the exact name first, then names starting with the term, then shorter names", async () => {
    expect(names(await searchCompanies(database.db, term("Quastwerk")))).toEqual([
      "Quastwerk",
      "Quastwerk Bau GmbH",
      "Quastwerker Schmidt e.K.",
      // Shorter, but the name does not start with the term.
      "Bau Quastwerk AG",
      // "Hausquastwerk" is missing: a word inside another word does not match.
    ]);
  });

  it("finds accented names from plain letters", async () => {
    expect(names(await searchCompanies(database.db, term("societe generale")))).toEqual([
      "Société Générale Luxembourg S.A.",
    ]);
  });

  it("suggests by crefonummer prefix for a digits-only term, the exact number first", async () => {
    const found = await searchCompanies(database.db, term("900000000"));
    expect(found.map((s) => s.crefonummer)).toEqual(CRAFTED.slice(0, 9).map((c) => c.crefonummer));
    expect(await searchCompanies(database.db, term("9000000005"))).toEqual([
      { crefonummer: "9000000005", name: "Société Générale Luxembourg S.A.", city: "Köln" },
    ]);
  });

  it("returns at most 10 suggestions", async () => {
    expect(await searchCompanies(database.db, term("gmbh"))).toHaveLength(10);
    expect(await searchCompanies(database.db, term("zzzqqq"))).toEqual([]);
  });

  // Rare words are fetched and ranked in one statement, common ones walked from the
  // posting lists in rank order: both must rank exactly like the in-memory ranking of
  // every match. The tuning drives every path on small data: always fetch, always walk,
  // and mixes (phrases and words with up to 5 or 20 matches fetched, the others walked;
  // with 20, ten fetched names starting with the phrase are the whole answer).
  it.each([
    "gmbh",
    "bau",
    "sch",
    "muller",
    "gmbh co",
    "software gmbh",
    "co kg",
    "e k",
    "...ag",
    "muller h",
    "bau g k",
    "quastwerk",
    "schmidt mu",
    "a b c",
    "sohne",
    "bau gmbh",
  ])("ranks %j the same on every search path", async (raw) => {
    const t = term(raw);
    if (t.kind !== "name") throw new Error("name term expected");
    const all: Candidate[] = [...generated, ...CRAFTED].filter((c) =>
      t.words.every((w) => c.nameSearch.includes(` ${w}`)),
    );
    const expected = rankCandidates(all, t.phrase);
    for (const fetchLimit of [1_000_000, 0, 5, 20]) {
      expect(await searchCompanies(database.db, t, { fetchLimit })).toEqual(expected);
    }
  });

  it("looks up a company's name and representatives by crefonummer", async () => {
    expect(await lookupCompanyName(database.db, "9000000001")).toBe("Müller Bau GmbH");
    expect(await lookupCompanyName(database.db, "0000000000")).toBeNull();
    expect(await findCompany(database.db, "9000000001")).toEqual({
      name: "Müller Bau GmbH",
      company: {
        crefonummer: "9000000001",
        name: "Müller Bau GmbH",
        representatives: ["Erika Mustermann"],
      },
    });
  });

  it("resumes a fill without duplicating companies", async () => {
    await insertGeneratedCompanies(database.db, 2_990, 20);
    const rows = await database.db.$count(companies);
    expect(rows).toBe(3_010 + CRAFTED.length);
  });
});
