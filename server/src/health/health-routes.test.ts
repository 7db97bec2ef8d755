import { HealthReport } from "@portal/contracts";
import { sql } from "drizzle-orm";
import * as Schema from "effect/Schema";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { databases, TEST_POSTGRES_URL } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { newestMigrationMillis } from "./readiness.js";

describe.each(databases)("health on $name", (target) => {
  const server = useTestServer(target);

  it("/healthz answers 200 while the process lives", async () => {
    const res = await server().call("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("correlationid")).toBeTruthy();
  });

  it("/readyz reports the database kind, applied migrations and the issuer", async () => {
    const res = await server().call("/readyz");
    expect(res.status).toBe(200);
    const report = Schema.decodeUnknownSync(HealthReport)(await res.json());
    expect(report).toEqual({
      status: "ok",
      database: target.name,
      migrations: true,
      issuer: server().server.config.oidcIssuer,
    });
  });

  it("/readyz answers 503 when a migration of this build is not applied", async () => {
    const { db } = server().server.database;
    const newest = newestMigrationMillis();
    // Pretend the newest migration never ran, then put the record back.
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const res = await server().call("/readyz");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: "unavailable", migrations: false });
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${newest} where created_at = ${newest - 1}`,
      );
    }
    expect((await server().call("/readyz")).status).toBe(200);
  });
});

// Renames the test database away (and back): the pool's connections then fail as if the
// database server were gone, without stopping the shared PostgreSQL.
const renameDatabase = async (from: string, to: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    // Each round waits until the terminated backends have left (the timeout argument); a
    // connection the pool opened in between makes the rename fail, and the next round ends it.
    for (let round = 1; ; round++) {
      await admin.query(
        "select pg_terminate_backend(pid, 10000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [from],
      );
      try {
        await admin.query(`alter database ${from} rename to ${to}`);
        return;
      } catch (error) {
        if (round === 20) throw error;
      }
    }
  } finally {
    await admin.end();
  }
};

describe("readiness while the database is unreachable", () => {
  const server = useTestServer(databases[1]!);

  it("/readyz answers 503 unavailable, /healthz stays 200, and readiness returns with the database", async () => {
    const name = new URL(server().server.config.databaseUrl ?? "").pathname.slice(1);
    await renameDatabase(name, `${name}_away`);
    try {
      const res = await server().call("/readyz");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: "unavailable", database: "postgres" });
      expect((await server().call("/healthz")).status).toBe(200);
    } finally {
      await renameDatabase(`${name}_away`, name);
    }
    const back = await server().call("/readyz");
    expect(back.status).toBe(200);
    await back.arrayBuffer();
  });
});
