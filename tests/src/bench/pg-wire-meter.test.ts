import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgWireMeter, startPgWireMeter } from "./pg-wire-meter.js";

// The local PostgreSQL of the test machine (trust authentication), through the meter.
describe("PostgreSQL wire meter", () => {
  let meter: PgWireMeter;
  beforeAll(async () => {
    // "background" stands for the cluster's own clockwork (health checks, the mail poll).
    meter = await startPgWireMeter("127.0.0.1", 5432, { ignore: /background/ });
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

  it("counts a named statement bound again without its SQL, and leaves the ignored ones out", async () => {
    const client = new pg.Client({
      host: "127.0.0.1",
      port: meter.port,
      user: "postgres",
      database: "postgres",
    });
    await client.connect();
    try {
      const before = meter.totals();
      const named = { name: "meter_named", text: "select $1::int as n", values: [1] };
      // Parsed on the first call only; the second is Bind/Execute/Sync by name.
      await client.query(named);
      await client.query({ ...named, values: [2] });
      await client.query("select 'background' as clockwork, pg_sleep(0.05)");
      await client.query({ name: "meter_ignored", text: "select 'background' as n" });
      await client.query({ name: "meter_ignored", text: "select 'background' as n" });
      const after = meter.totals();
      expect(after.statements - before.statements).toBe(2);
      // The ignored pg_sleep's 50 ms are not the counted statements' time.
      expect(after.databaseMs - before.databaseMs).toBeLessThan(50);
    } finally {
      await client.end();
    }
  });
});
