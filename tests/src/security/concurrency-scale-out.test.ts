import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Outbox } from "../support/outbox.js";
import { runSql } from "../support/postgres.js";
import { confirmedAccount } from "./support/accounts.js";
import { type RoundRobinProxy, startRoundRobinProxy } from "./support/round-robin-proxy.js";
import { type ServerProcess, startServerProcess } from "./support/server-process.js";
import { openLoginForm, postForm } from "./support/sign-in-form.js";

// Issue 14, races across processes: "the sign-in lockout with two server processes on one
// PostgreSQL": parallel wrong passwords spread over both processes check at most as many
// as one process alone would.

vi.setConfig({ testTimeout: 120_000 });

const dbName = `portal_sec_race_${randomBytes(5).toString("hex")}`;
const dataDir = mkdtempSync(join(tmpdir(), "portal-sec-race-"));
let proxy: RoundRobinProxy;
let first: ServerProcess;
let second: ServerProcess;

beforeAll(async () => {
  await runSql("postgres", `create database ${dbName}`);
  proxy = await startRoundRobinProxy();
  const common = {
    dataDir,
    databaseUrl: `postgres://postgres@127.0.0.1:5432/${dbName}`,
    publicUrl: proxy.url,
  };
  // One after the other: the first migrates the database and creates the provider's keys.
  first = await startServerProcess(common);
  second = await startServerProcess(common);
  proxy.backends = [first.url, second.url];
}, 240_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await proxy?.close();
  await runSql("postgres", `drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const countedAttempts = async (): Promise<number> => {
  const { rows } = await runSql(
    dbName,
    "select coalesce(sum(failures), 0)::int as n from identity_login_failures",
  );
  return Number(rows[0]?.n ?? 0);
};

describe("two server processes on one PostgreSQL", () => {
  it("20 wrong passwords at once over both processes: at most five are checked", async () => {
    const victim = await confirmedAccount(proxy.url, new Outbox(proxy.url), "race-two");
    const forms = await Promise.all(Array.from({ length: 20 }, () => openLoginForm(proxy.url)));
    const before = new Map(proxy.served);
    const counted = await countedAttempts();
    const pages = await Promise.all(
      forms.map((f, i) =>
        postForm(f, { username: victim.email, password: `Wrong-${i}-Passw0rd!` }),
      ),
    );
    // The posts really went to both processes.
    for (const backend of [first.url, second.url]) {
      expect(proxy.served.get(backend) ?? 0).toBeGreaterThan(before.get(backend) ?? 0);
    }
    expect((await countedAttempts()) - counted).toBeLessThanOrEqual(5);
    expect(
      pages.filter((p) => p.html.includes('data-qa="login-error"')).length,
    ).toBeLessThanOrEqual(4);
    const right = await postForm(await openLoginForm(proxy.url), {
      username: victim.email,
      password: victim.password,
    });
    expect(right.html).toContain('data-qa="login-locked"');
  });
});
