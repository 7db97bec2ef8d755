#!/usr/bin/env node
// Company-suggestion benchmark (never part of the tests): fills a PostgreSQL database with
// the synthetic register (1 000 000 companies by default) through the server's own first-
// start seeding, then times many suggestion calls over HTTP and prints p50/p95 of the
// server's own time (Server-Timing) per term class and overall.
//
//   pnpm -r build && node server/bench/company-search.mjs [--count N] [--queries N] [--quick] [--slowest N]
//
// DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// the benchmark uses its own database portal_bench_companies_<count> there and keeps it
// between runs (a first run spends a few minutes filling it).
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
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
    slowest: { type: "string", default: "10" },
  },
});
const count = Number(values.count ?? (values.quick ? 100_000 : 1_000_000));
const queryCount = Number(values.queries ?? (values.quick ? 400 : 2_000));
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

// Reuse a database filled to exactly `count` by an earlier run, unless it holds a migration
// this tree does not have (another branch's schema); newer migrations the server applies.
const drizzleDir = join(here, "..", "drizzle");
const journal = JSON.parse(readFileSync(join(drizzleDir, "meta", "_journal.json"), "utf8"));
// Drizzle records each applied migration by the sha256 of its file.
const knownMigrations = new Set(
  journal.entries.map(({ tag }) =>
    createHash("sha256")
      .update(readFileSync(join(drizzleDir, `${tag}.sql`), "utf8"))
      .digest("hex"),
  ),
);
const existing = await withClient(adminUrl, async (c) => {
  const found = await c.query("select 1 from pg_database where datname = $1", [BENCH_DB]);
  return found.rowCount > 0;
});
let filled = 0;
if (existing) {
  filled = await withClient(benchUrl.toString(), async (c) => {
    const table = await c.query("select to_regclass('public.companies') as t");
    if (!table.rows[0].t) return 0;
    const applied = await c.query("select hash from drizzle.__drizzle_migrations");
    if (applied.rows.some((r) => !knownMigrations.has(r.hash))) return 0;
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
if (filled !== count) console.error(`filled in ${fillSeconds.toFixed(0)} s; analysing...`);
// A production register is vacuumed and analysed by autovacuum; do it now, not mid-run.
await withClient(benchUrl.toString(), (c) => c.query("vacuum analyze"));

// The register in memory, as normalised words (name_search), to count each term's matches:
// a word of the term matches a word of the name that starts with it (companies/search.ts).
console.error("indexing the register in memory to count matches...");
const register = await withClient(benchUrl.toString(), async (c) =>
  (await c.query({ text: "select name_search from companies", rowMode: "array" })).rows.map(
    (r) => r[0],
  ),
);
const postings = new Map();
register.forEach((nameSearch, id) => {
  for (const word of nameSearch.trim().split(" ")) {
    if (word === "") continue;
    const list = postings.get(word);
    if (list) list.push(id);
    else postings.set(word, [id]);
  }
});
const distinctWords = [...postings.keys()];
// stamp[id] = base + k once the company matched the first k words of the current term;
// every term starts above the stamps of the terms before, so nothing needs resetting.
const stamp = new Uint32Array(register.length);
let base = 0;
const matchCount = (words) => {
  base += words.length + 1;
  words.forEach((w, k) => {
    for (const word of distinctWords) {
      if (!word.startsWith(w)) continue;
      for (const id of postings.get(word)) {
        if (k === 0 || stamp[id] === base + k) stamp[id] = base + k + 1;
      }
    }
  });
  let n = 0;
  for (let id = 0; id < stamp.length; id++) if (stamp[id] === base + words.length) n++;
  return n;
};

// Terms as people type them, drawn from the register with a fixed seed. The server folds
// case and accents before it searches, so terms are taken from the normalised name.
let seed = 20_261_121;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const sample = await withClient(benchUrl.toString(), async (c) => {
  // Sample about three times what is needed, spread over the whole table.
  const percent = Math.min(100, ((queryCount * 3) / count) * 100);
  const rows = await c.query(
    `select name_search, crefonummer from companies tablesample bernoulli (${percent}) repeatable (7) limit $1`,
    [queryCount],
  );
  return rows.rows;
});
const prefixOf = (word, min = 3) =>
  word.slice(0, Math.min(word.length, Math.max(min, Math.ceil(random() * word.length))));
const pickOf = (list) => list[Math.floor(random() * list.length)];
const typo = (word) => {
  const at = 1 + Math.floor(random() * (word.length - 1));
  const swapped = word[at] === "q" ? "x" : "q";
  return word.slice(0, at) + swapped + word.slice(at + 1);
};

// Shapes of a term: the table prints each, and the same calls again by how many companies
// the term matches (rare and common terms take different paths through the indexes).
const SHAPES = [
  ["crefonummer prefix", 3], // 15 % of the calls (3 of 20)
  ["first word prefix", 6],
  ["inner word prefix", 3],
  ["multi-word", 4],
  ["with 1-2 char words", 2],
  ["typo", 2],
];
const shapeOf = (i) => {
  let slot = i % 20;
  for (const [shape, share] of SHAPES) {
    if (slot < share) return shape;
    slot -= share;
  }
  return SHAPES[0][0];
};
const termFor = (shape, nameSearch, crefonummer) => {
  const all = nameSearch.trim().split(" ");
  const long = all.filter((w) => w.length >= 3);
  const first = all[0] ?? "";
  const later = long.filter((w, i) => i > 0 || w !== first);
  switch (shape) {
    case "crefonummer prefix":
      return crefonummer.slice(0, 4 + Math.floor(random() * 7));
    case "first word prefix":
      return first.length >= 3 ? prefixOf(first) : null;
    case "inner word prefix":
      return later.length > 0 ? prefixOf(pickOf(later)) : null;
    case "multi-word": {
      if (all.length < 2) return null;
      const roll = random();
      // Name and the start of its second word; two words out of order; a later pair.
      if (roll < 0.5) return `${all[0]} ${prefixOf(all[1], 1)}`;
      if (roll < 0.75 && later.length > 0) return `${prefixOf(pickOf(later))} ${prefixOf(first)}`;
      return later.length >= 2 ? `${later[0]} ${prefixOf(later[1], 2)}` : null;
    }
    case "with 1-2 char words": {
      // The legal form typed as letters ("co kg", "e k", "s a r l") or a word and the first
      // letters of the next one ("muller b").
      const shortAt = all.findIndex((w, i) => i > 0 && w.length <= 2);
      if (shortAt > 0 && random() < 0.5) return all.slice(shortAt - 1).join(" ");
      return all.length >= 2 ? `${all[0]} ${all[1].slice(0, 1 + Math.floor(random() * 2))}` : null;
    }
    case "typo": {
      const candidates = long.filter((w) => w.length >= 5);
      return candidates.length > 0 ? typo(prefixOf(pickOf(candidates), 5)) : null;
    }
    default:
      return null;
  }
};
const terms = [];
sample.forEach(({ name_search: nameSearch, crefonummer }, i) => {
  const shape = shapeOf(i);
  const term = termFor(shape, nameSearch, crefonummer);
  if (term && term.replaceAll(" ", "").length >= 3) terms.push({ shape, term });
});
for (const t of terms) {
  if (t.shape === "crefonummer prefix") continue;
  t.matches = matchCount(t.term.split(" "));
  t.frequency =
    t.matches === 0
      ? "no hit"
      : t.matches <= 10
        ? "rare (1-10 matches)"
        : t.matches <= 1_000
          ? "medium (11-1 000)"
          : "common (> 1 000)";
}

const call = async (term) => {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/gatinator/smart-signup/${encodeURIComponent(term)}`);
  await res.arrayBuffer();
  const roundTrip = performance.now() - started;
  const timing = /dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  if (res.status !== 200 || !timing) throw new Error(`"${term}" answered ${res.status}`);
  return { server: Number(timing[1]), roundTrip };
};

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const loadBefore = load();
// Warm the caches as a running portal would be, then measure.
for (const { term } of terms.slice(0, 50)) await call(term);
const results = [];
for (const t of terms) results.push({ ...t, ...(await call(t.term)) });
const loadAfter = load();

const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const row = (label, list) =>
  list.length === 0
    ? `| ${label.padEnd(26)} |     0 |         |         |         |         |`
    : `| ${label.padEnd(26)} | ${String(list.length).padStart(5)} | ${[50, 95, 99]
        .map((p) => percentile(list, p).toFixed(1).padStart(7))
        .join(" | ")} | ${Math.max(...list)
        .toFixed(1)
        .padStart(7)} |`;
const serverTimes = (pick) => results.filter(pick).map((r) => r.server);

console.log(`\nCompany suggestions on PostgreSQL, ${count.toLocaleString("en")} companies (ms)\n`);
console.log("server time = the route's own time (Server-Timing); round trip = HTTP on loopback");
console.log(`load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}\n`);
console.log(`| ${"terms".padEnd(26)} | calls |     p50 |     p95 |     p99 |     max |`);
console.log("|----------------------------|-------|---------|---------|---------|---------|");
console.log(
  row(
    "all terms, server time",
    serverTimes(() => true),
  ),
);
for (const [shape] of SHAPES)
  console.log(
    row(
      `  ${shape}`,
      serverTimes((r) => r.shape === shape),
    ),
  );
for (const frequency of [
  "no hit",
  "rare (1-10 matches)",
  "medium (11-1 000)",
  "common (> 1 000)",
]) {
  console.log(
    row(
      `  ${frequency}`,
      serverTimes((r) => r.frequency === frequency),
    ),
  );
}
console.log(
  row(
    "all terms, round trip",
    results.map((r) => r.roundTrip),
  ),
);
const slowest = Number(values.slowest);
if (slowest > 0) {
  console.log(`\nslowest ${slowest} (server ms, shape, matches, term):`);
  for (const r of [...results].sort((a, b) => b.server - a.server).slice(0, slowest)) {
    console.log(
      `  ${r.server.toFixed(1).padStart(7)}  ${r.shape.padEnd(20)} ${String(r.matches ?? "").padStart(7)}  ${JSON.stringify(r.term)}`,
    );
  }
}
const p50 = percentile(
  serverTimes(() => true),
  50,
);
const p95 = percentile(
  serverTimes(() => true),
  95,
);
console.log(
  `\nserver-time p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target p95 <= 50 ms): ${p95 <= 50 ? "met" : "NOT met"}`,
);

await server.close();
rmSync(dataDir, { recursive: true, force: true });
