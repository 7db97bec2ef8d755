import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded, openTestDatabase } from "../test-support/databases.js";
import type { Database } from "./client.js";
import { namedStatementClient } from "./pglite-named-statement.js";

describe("a PGlite query kept as a named prepared statement", () => {
  let database: Database;
  let client: PGlite;
  const text = "select id, name, born, tags from people where id = any($1::int[]) order by id";
  beforeAll(async () => {
    // The tests' migrated PGlite (a copy of a template: no initdb of its own).
    database = await openTestDatabase(embedded[0]!);
    client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec(`
      create table people (id int primary key, name text, born timestamptz, tags text[]);
      insert into people values
        (1, 'Ada', '1815-12-10T00:00:00Z', '{a,b}'),
        (2, null, null, null),
        (3, 'Grace', '1906-12-09T00:00:00Z', '{}');`);
  });
  afterAll(() => database?.close());

  it("answers as PGlite's own query does, call after call", async () => {
    const named = namedStatementClient(client, text);
    for (const ids of [[1, 2], [3], [4], [1, 2, 3]]) {
      for (const rowMode of ["array", "object"] as const) {
        const own = await client.query(text, [ids], { rowMode });
        const kept = await named.query(text, [ids], { rowMode });
        expect(kept.rows).toEqual(own.rows);
        expect(kept.fields).toEqual(own.fields);
      }
    }
  });

  it("prepares once: later calls find the statement in the backend", async () => {
    const prepared = async () =>
      (
        await client.query<{ n: number }>(
          "select count(*)::int as n from pg_prepared_statements where statement = $1",
          [text],
        )
      ).rows[0]?.n;
    const named = namedStatementClient(client, text);
    const before = await prepared();
    await named.query(text, [[1]]);
    expect(await prepared()).toBe((before ?? 0) + 1);
    await named.query(text, [[2]]);
    await named.query(text, [[3]]);
    expect(await prepared()).toBe((before ?? 0) + 1);
  });

  it("waits for an open transaction instead of reading its uncommitted rows", async () => {
    const named = namedStatementClient(client, text);
    let read: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query("update people set name = 'Uncommitted' where id = 1");
      read = named.query(text, [[1]], { rowMode: "object" });
      await tx.rollback();
    });
    expect(((await read) as { rows: Array<{ name: string }> }).rows[0]?.name).toBe("Ada");
  });

  it("passes a refused value on and answers the next call", async () => {
    const named = namedStatementClient(client, text);
    await expect(named.query(text, ["not an array"])).rejects.toThrow();
    expect((await named.query(text, [[3]], { rowMode: "object" })).rows).toHaveLength(1);
  });

  it("sends any other query text to PGlite's own query", async () => {
    const named = namedStatementClient(client, text);
    const { rows } = await named.query("select 41 + $1::int as n", [1], { rowMode: "object" });
    expect(rows).toEqual([{ n: 42 }]);
  });
});
