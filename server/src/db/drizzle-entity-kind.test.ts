import { Column, entityKind, is, SQL, sql, Table } from "drizzle-orm";
import { PgColumn, PgTable, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";

// patches/drizzle-orm@0.45.4.patch: `is()` remembers its walk up a class's prototypes per
// class and kind. These are the answers the walk gave before; asked twice, the second
// answer comes from the memo and must be the same.

const people = pgTable("people", { name: text("name") });

describe("drizzle's is() with its remembered answers", () => {
  it("answers for drizzle's own classes as the walk did, every time", () => {
    for (let round = 0; round < 2; round++) {
      expect(is(people.name, Column)).toBe(true);
      expect(is(people.name, PgColumn)).toBe(true);
      expect(is(people, Table)).toBe(true);
      expect(is(people, PgTable)).toBe(true);
      expect(is(sql`select 1`, SQL)).toBe(true);
      expect(is(sql`select 1`, Column)).toBe(false);
      expect(is(people, Column)).toBe(false);
      expect(is({}, SQL)).toBe(false);
      expect(is(undefined, SQL)).toBe(false);
    }
  });

  it("still knows a class of another copy of drizzle by its kind, not by instanceof", () => {
    // What the walk is for: two copies of drizzle in one process share kinds, not classes.
    // Classes with nothing but their kind, as drizzle's own entities carry it.
    const OtherCopySql = class {};
    Object.defineProperty(OtherCopySql, entityKind, { value: SQL[entityKind] });
    const Unrelated = class {};
    Object.defineProperty(Unrelated, entityKind, { value: "Unrelated" });
    for (let round = 0; round < 2; round++) {
      expect(is(new OtherCopySql(), SQL)).toBe(true);
      expect(is(new OtherCopySql(), Column)).toBe(false);
      expect(is(new Unrelated(), SQL)).toBe(false);
    }
  });

  it("still refuses a class that is not a drizzle entity", () => {
    class NotAnEntity {}
    expect(() => is(people, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
