import { randomBytes } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

// The server project's workers keep their shared servers (src/test-support/shared-servers.ts)
// until they exit, so no test file removes those databases: this run marks what it
// provisions with its id and removes it all once the last worker is done. Other runs on
// the same PostgreSQL (other worktrees, CI jobs) carry other ids and keep theirs.

const runId = randomBytes(4).toString("hex");

export const setup = (): void => {
  // Workers start after the global set-up and inherit the environment.
  process.env.PORTAL_TEST_RUN_ID = runId;
};

export const teardown = async (): Promise<void> => {
  for (const entry of readdirSync(tmpdir())) {
    if (entry.startsWith(`portal-test-${runId}-`)) {
      rmSync(join(tmpdir(), entry), { recursive: true, force: true });
    }
  }
  const client = new pg.Client({
    connectionString:
      process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    connectionTimeoutMillis: 5_000,
  });
  // Without PostgreSQL the run's PostgreSQL cases failed already; nothing to remove.
  const connected = await client.connect().then(
    () => true,
    () => false,
  );
  if (!connected) return;
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT datname AS name FROM pg_database WHERE datname LIKE $1",
      [`portal\\_test\\_${runId}\\_%`],
    );
    for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
};
