import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgWireMeter, startPgWireMeter } from "./pg-wire-meter.js";

// The local PostgreSQL of the test machine (trust authentication), through the meter.
describe("PostgreSQL wire meter", () => {
  let meter: PgWireMeter;
  beforeAll(async () => {
    meter = await startPgWireMeter("127.0.0.1", 5432);
  });
  afterAll(() => meter.close());

  it("passes queries through and counts each statement and the time it waited", async () => {
    const client = new pg.Client({
      host: "127.0.0.1",
      port: meter.port,
      user: "postgres",
      database: "postgres",
    });
    await client.connect();
    try {
      const before = meter.totals();
      // Extended protocol (a parameter), simple protocol (none), and a transaction of three.
      expect((await client.query("select $1::int + 1 as n", [41])).rows).toEqual([{ n: 42 }]);
      await client.query("select pg_sleep(0.05)");
      await client.query("begin");
      await client.query("select 1");
      await client.query("commit");
      const after = meter.totals();
      expect(after.statements - before.statements).toBe(5);
      // pg_sleep alone waited 50 ms at the server.
      expect(after.databaseMs - before.databaseMs).toBeGreaterThanOrEqual(50);
    } finally {
      await client.end();
    }
  });
});
