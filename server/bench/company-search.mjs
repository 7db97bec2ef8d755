#!/usr/bin/env node
// Company-suggestion benchmark (never part of the tests): fills a PostgreSQL database with
// the synthetic register (1 000 000 companies by default) through the server's own first-
// start seeding, then times many suggestion calls over HTTP and prints p50/p95 of the
// server's own time (Server-Timing) and of the round trip.
//
//   pnpm -r build && node server/bench/company-search.mjs [--count N] [--queries N] [--quick]
//
// DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// the benchmark uses its own database portal_bench_companies_<count> there and keeps it
// between runs (a first run spends a few minutes filling it).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist", "index.js");
const { values } = parseArgs({
  options: {
    count: { type: "string" },
    queries: { type: "string" },
    quick: { type: "boolean", default: false },
  },
});
const count = Number(values.count ?? (values.quick ? 100_000 : 1_000_000));
const queryCount = Number(values.queries ?? (values.quick ? 300 : 2_000));
// One database per size, so a quick run does not throw away the 1 000 000 fill.
const BENCH_DB = `portal_bench_companies_${count}`;

if (!existsSync(dist)) {
  console.error(`${dist} is missing: run "pnpm -r build" first.`);
  process.exit(1);
}
const { startServer } = await import(dist);

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${BENCH_DB}`;

const withClient = async (url, fn) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

// Reuse a database filled to exactly `count` by an earlier run; else start afresh.
const existing = await withClient(adminUrl, async (c) => {
  const found = await c.query("select 1 from pg_database where datname = $1", [BENCH_DB]);
  return found.rowCount > 0;
});
let filled = 0;
if (existing) {
  filled = await withClient(benchUrl.toString(), async (c) => {
    const table = await c.query("select to_regclass('public.companies') as t");
    if (!table.rows[0].t) return 0;
    return Number((await c.query("select count(*) as n from companies")).rows[0].n);
  });
}
if (filled !== count) {
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${BENCH_DB} with (force)`);
    await c.query(`create database ${BENCH_DB}`);
  });
  console.error(`filling ${count.toLocaleString("en")} companies (first-start seeding)...`);
}

const dataDir = mkdtempSync(join(tmpdir(), "portal-bench-"));
const fillStarted = Date.now();
const server = await startServer(
  {
    port: 0,
    host: "127.0.0.1",
    logLevel: "warn",
    databaseUrl: benchUrl.toString(),
    dataDir,
    companySeedCount: count,
  },
  // The benchmark is one client sending thousands of calls: rate limits would stop it.
  { limiter: { consume: async () => ({ allowed: true, retryAfterSeconds: 0 }) } },
);
const fillSeconds = (Date.now() - fillStarted) / 1000;
if (filled !== count) {
  console.error(`filled in ${fillSeconds.toFixed(0)} s; analysing...`);
}
await withClient(benchUrl.toString(), (c) => c.query("vacuum analyze companies"));

// Terms as people type them, drawn from the register with a fixed seed: the start of a
// name, a name and the start of its second word, a later word alone, a crefonummer prefix.
let seed = 20_261_121;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const sample = await withClient(benchUrl.toString(), async (c) => {
  await c.query("select setseed(0.42)");
  // Sample about three times what is needed, spread over the whole table.
  const percent = Math.min(100, ((queryCount * 3) / count) * 100);
  const rows = await c.query(
    `select name, crefonummer from companies tablesample bernoulli (${percent}) repeatable (7) limit $1`,
    [queryCount],
  );
  return rows.rows;
});
const prefixOf = (word, min = 3) => word.slice(0, Math.max(min, Math.ceil(random() * word.length)));
const terms = sample.map(({ name, crefonummer }, i) => {
  // Words people type: no "&", no legal-form punctuation.
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\d-]{3,}$/u.test(w));
  const roll = (i % 20) / 20;
  if (roll < 0.15)
    return { kind: "crefonummer prefix", term: crefonummer.slice(0, 4 + Math.floor(random() * 7)) };
  if (roll < 0.6 || words.length === 0)
    return { kind: "name start", term: prefixOf(words[0] ?? name) };
  if (roll < 0.85 && words[1]) {
    return { kind: "two words", term: `${words[0]} ${prefixOf(words[1], 1)}` };
  }
  return { kind: "later word", term: prefixOf(words[1] ?? words[0]) };
});

const call = async (term) => {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/gatinator/smart-signup/${encodeURIComponent(term)}`);
  await res.arrayBuffer();
  const roundTrip = performance.now() - started;
  const timing = /dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  if (res.status !== 200 || !timing) throw new Error(`"${term}" answered ${res.status}`);
  return { server: Number(timing[1]), roundTrip };
};

// Warm the caches as a running portal would be, then measure.
for (const { term } of terms.slice(0, 50)) await call(term);
const results = [];
for (const t of terms) results.push({ ...t, ...(await call(t.term)) });

const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const row = (label, list) =>
  `| ${label.padEnd(24)} | ${String(list.length).padStart(5)} | ${[50, 95, 99]
    .map((p) => percentile(list, p).toFixed(1).padStart(7))
    .join(" | ")} | ${Math.max(...list)
    .toFixed(1)
    .padStart(7)} |`;

console.log(`\nCompany suggestions on PostgreSQL, ${count.toLocaleString("en")} companies (ms)\n`);
console.log("server time = the route's own time (Server-Timing); round trip = HTTP on loopback\n");
console.log(`| ${"terms".padEnd(24)} | calls |     p50 |     p95 |     p99 |     max |`);
console.log("|--------------------------|-------|---------|---------|---------|---------|");
console.log(
  row(
    "all terms, server time",
    results.map((r) => r.server),
  ),
);
for (const kind of ["name start", "two words", "later word", "crefonummer prefix"]) {
  console.log(
    row(
      `  ${kind}`,
      results.filter((r) => r.kind === kind).map((r) => r.server),
    ),
  );
}
console.log(
  row(
    "all terms, round trip",
    results.map((r) => r.roundTrip),
  ),
);
const p95 = percentile(
  results.map((r) => r.server),
  95,
);
console.log(
  `\nserver-time p95 ${p95.toFixed(1)} ms (target <= 50 ms): ${p95 <= 50 ? "met" : "NOT met"}`,
);

await server.close();
rmSync(dataDir, { recursive: true, force: true });
