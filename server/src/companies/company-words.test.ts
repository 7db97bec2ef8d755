import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companies, companyWordKeys, companyWords } from "../db/schema/companies.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { generateCompanies } from "./generator.js";
import { nameSearchValue } from "./normalise.js";

const company = (crefonummer: string, name: string) => ({
  crefonummer,
  name,
  legalForm: "GmbH",
  city: "Köln",
  postalCode: "50667",
  countryCode: "DE",
  representatives: ["Erika Mustermann"],
  nameSearch: nameSearchValue(name),
  nameLength: nameSearchValue(name).length - 1,
});

type Db = Awaited<ReturnType<typeof openTestDatabase>>["db"];

// What the posting lists must hold: every word of every name_search with its position,
// and per key the number of those rows. Computed here from the register, not by SQL.
const expectedWords = async (db: Db) => {
  const rows = await db.select().from(companies).orderBy(asc(companies.crefonummer));
  const words = rows.flatMap((c) =>
    c.nameSearch
      .trim()
      .split(" ")
      .filter((w) => w !== "")
      .map((word, i) => ({
        crefonummer: c.crefonummer,
        position: i + 1,
        word,
        key: [...word].slice(0, 3).join(""),
        nameLength: c.nameLength,
        nameSearch: c.nameSearch,
      })),
  );
  const keys = new Map<string, number>();
  for (const w of words) keys.set(w.key, (keys.get(w.key) ?? 0) + 1);
  return {
    words,
    keys: [...keys]
      .map(([key, entries]) => ({ key, entries }))
      .sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
};

const actualWords = async (db: Db) => ({
  words: await db
    .select()
    .from(companyWords)
    .orderBy(asc(companyWords.crefonummer), asc(companyWords.position)),
  keys: (await db.select().from(companyWordKeys)).sort((a, b) => (a.key < b.key ? -1 : 1)),
});

describe.each(databases)("posting lists of the company register on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await db().execute(sql`truncate companies`);
  });

  it("follows every insert, also of many companies in one statement", async () => {
    await db()
      .insert(companies)
      .values([
        company("9000000001", "Müller & Müller Bau GmbH"),
        company("9000000002", "Co KG"),
        company("9000000003", "...&..."), // no word at all
      ]);
    await db().insert(companies).values(generateCompanies(0, 300));
    expect(await actualWords(db())).toEqual(await expectedWords(db()));
    expect(await db().$count(companyWords, eq(companyWords.crefonummer, "9000000003"))).toBe(0);
  });

  it("ignores an insert that conflicts with an existing company", async () => {
    await db().insert(companies).values(company("9000000001", "Müller Bau GmbH"));
    await db()
      .insert(companies)
      .values([company("9000000001", "Anders Name AG"), company("9000000002", "Zweite KG")])
      .onConflictDoNothing();
    expect(await actualWords(db())).toEqual(await expectedWords(db()));
  });

  it("follows a renamed company and keeps the words of an unchanged name", async () => {
    await db()
      .insert(companies)
      .values([company("9000000001", "Müller Bau GmbH"), company("9000000002", "Schmidt KG")]);
    const renamed = company("9000000001", "Müller Hochbau Schmidt AG");
    await db()
      .update(companies)
      .set({ name: renamed.name, nameSearch: renamed.nameSearch, nameLength: renamed.nameLength })
      .where(eq(companies.crefonummer, "9000000001"));
    await db()
      .update(companies)
      .set({ representatives: ["Max Muster"] })
      .where(eq(companies.crefonummer, "9000000002"));
    // A new crefonummer moves the words along.
    await db()
      .update(companies)
      .set({ crefonummer: "9000000003" })
      .where(eq(companies.crefonummer, "9000000002"));
    expect(await actualWords(db())).toEqual(await expectedWords(db()));
    expect(
      (await actualWords(db())).words.filter((w) => w.crefonummer === "9000000001"),
    ).toHaveLength(4);
  });

  it("drops the words and emptied keys of deleted and truncated companies", async () => {
    await db()
      .insert(companies)
      .values([
        company("9000000001", "Quastwerk GmbH"),
        company("9000000002", "Bau GmbH"),
        company("9000000003", "Bauer KG"),
      ]);
    await db()
      .delete(companies)
      .where(inArray(companies.crefonummer, ["9000000001", "9000000003"]));
    const after = await actualWords(db());
    expect(after).toEqual(await expectedWords(db()));
    expect(after.keys).toEqual([
      { key: "bau", entries: 1 },
      { key: "gmb", entries: 1 },
    ]);
    await db().execute(sql`truncate companies`);
    expect(await actualWords(db())).toEqual({ words: [], keys: [] });
  });

  it("writes nothing of a transaction that fails", async () => {
    await expect(
      database.transaction(async (tx) => {
        await tx.insert(companies).values(company("9000000001", "Müller Bau GmbH"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await actualWords(db())).toEqual({ words: [], keys: [] });
  });
});
