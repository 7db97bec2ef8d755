import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databases, openTestDatabase } from "../test-support/databases.js";
import type { Database } from "./client.js";
import { createPersonLoader, type PersonsByIds, preparedPersonsByIds } from "./person-loader.js";
import { persons } from "./schema/index.js";

describe.each(databases)("person loader (batched reads of the caller) on $name", (target) => {
  let database: Database;
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  beforeAll(async () => {
    database = await openTestDatabase(target);
    await database.db.insert(persons).values(
      ids.map((id, i) => ({
        id,
        email: `loader-${i}-${id}@example.test`,
        passwordHash: "not-a-hash",
        givenName: `Given${i}`,
        surName: `Sur${i}`,
      })),
    );
  });
  afterAll(() => database?.close());

  /** The real prepared statement, with a record of the batches it was asked for. */
  const recorded = () => {
    const batches: string[][] = [];
    const read = preparedPersonsByIds(database.db);
    const byIds: PersonsByIds = (batch) => {
      batches.push([...batch]);
      return read(batch);
    };
    return { load: createPersonLoader(byIds), batches };
  };

  it("answers each caller with their own row, also when reads arrive together", async () => {
    const { load } = recorded();
    const unknown = randomUUID();
    const rows = await Promise.all([...ids, ids[0]!, unknown].map((id) => load(id)));
    expect(rows.map((r) => r?.givenName)).toEqual([
      "Given0",
      "Given1",
      "Given2",
      "Given0",
      undefined,
    ]);
    expect(rows[0]?.id).toBe(ids[0]);
  });

  it("reads in one statement what arrives within one turn of the event loop", async () => {
    const { load, batches } = recorded();
    await Promise.all([...ids, ids[0]!].map((id) => load(id)));
    expect(batches).toEqual([ids]);
    // Later reads see later writes (nothing is kept between turns).
    await database.db.execute(sql`update persons set given_name = 'Renamed' where id = ${ids[1]}`);
    expect((await load(ids[1]!))?.givenName).toBe("Renamed");
    expect(batches).toHaveLength(2);
  });

  it("fails every read of a batch when the statement fails, and recovers afterwards", async () => {
    const { load } = recorded();
    // Not a uuid: the statement's cast fails for the whole batch.
    const results = await Promise.allSettled([load(ids[0]!), load("not-a-uuid")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((await load(ids[2]!))?.givenName).toBe("Given2");
  });
});
