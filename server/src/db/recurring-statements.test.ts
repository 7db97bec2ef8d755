import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { recurringStatementNamer } from "./recurring-statements.js";
import { rateLimits } from "./schema/index.js";

const SELECT = 'select "count" from "rate_limits" where "key" = $1';

describe("recurringStatementNamer", () => {
  it("names a text on its third run and keeps that name", () => {
    const nameOf = recurringStatementNamer();
    expect(nameOf(SELECT)).toBeUndefined();
    expect(nameOf(SELECT)).toBeUndefined();
    const name = nameOf(SELECT);
    expect(name).toMatch(/^r_[\w-]{24}$/);
    expect(nameOf(SELECT)).toBe(name);
  });

  it("gives the same text the same name in every process, another text another", () => {
    const first = recurringStatementNamer({ nameAfterRuns: 1 });
    const second = recurringStatementNamer({ nameAfterRuns: 1 });
    expect(first(SELECT)).toBe(second(SELECT));
    expect(first(`${SELECT} limit 1`)).not.toBe(first(SELECT));
  });

  it("leaves DDL and transaction control unnamed", () => {
    const nameOf = recurringStatementNamer({ nameAfterRuns: 1 });
    for (const text of ["begin", "commit", "create table t (id int)", "alter table t add c int"])
      expect(nameOf(text)).toBeUndefined();
    expect(nameOf("  WITH x AS (select 1) select * from x")).toBeDefined();
  });

  it("names no more than its limit; texts beyond it run unnamed", () => {
    const nameOf = recurringStatementNamer({ nameAfterRuns: 1, mostNamed: 2 });
    expect(nameOf("select 1")).toBeDefined();
    expect(nameOf("select 2")).toBeDefined();
    expect(nameOf("select 3")).toBeUndefined();
    expect(nameOf("select 1")).toBeDefined();
  });

  it("starts counting over when too many texts wait for their runs", () => {
    const nameOf = recurringStatementNamer({ nameAfterRuns: 2, mostCounted: 2 });
    nameOf("select 1");
    nameOf("select 2");
    nameOf("select 3"); // the count of "select 1" and "select 2" is dropped here
    expect(nameOf("select 1")).toBeUndefined();
    expect(nameOf("select 1")).toBeDefined();
  });
});

describe.each(databases.filter((d) => d.name === "postgres"))(
  "recurring statements on $name",
  (target) => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      database = await openTestDatabase(target);
      await database.db
        .insert(rateLimits)
        .values({ key: "recurring", windowStart: new Date(), windowSeconds: 60, count: 7 });
    });
    afterAll(() => database.close());

    const countOf = (db: typeof database.db, key: string) =>
      db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key));

    it("prepares a recurring statement once on the connection and reads the same rows", async () => {
      const { prepared, counts } = await database.transaction(async (tx) => {
        const counts = [];
        for (let i = 0; i < 5; i++) counts.push(await countOf(tx, "recurring"));
        // node-postgres's result: this test runs on PostgreSQL only.
        const { rows } = (await tx.execute(
          sql`select statement from pg_prepared_statements where name like 'r\\_%'`,
        )) as unknown as { rows: Array<{ statement: string }> };
        return { prepared: rows.map((r) => r.statement), counts };
      });
      expect(counts).toEqual(Array.from({ length: 5 }, () => [{ count: 7 }]));
      expect(prepared.filter((s) => s.includes('from "rate_limits"'))).toHaveLength(1);
    });

    it("answers 40 reads at once across the pool, each connection preparing it on first use", async () => {
      const reads = await Promise.all(
        Array.from({ length: 40 }, () => countOf(database.db, "recurring")),
      );
      expect(reads.every((r) => r[0]?.count === 7)).toBe(true);
    });
  },
);
