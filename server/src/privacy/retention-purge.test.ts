import { randomBytes } from "node:crypto";
import {
  PURGE_KINDS,
  type PurgeReport,
  RETENTION_KINDS,
  type RetentionKind,
} from "@portal/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import type { Db } from "../db/client.js";
import {
  analyticsEvents,
  consentChanges,
  identityArtifacts,
  identityLoginFailures,
  mailLog,
  mailTokens,
  outboxMessages,
  persons,
  securityEvents,
} from "../db/schema/index.js";
import { startServer } from "../index.js";
import { API, bearer, jsonRequest, uniqueEmail } from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import { TEST_SUPPORT_SECRET } from "../test-support/test-issuer.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { PURGE_LOCK_KEY, purgeRetained } from "./retention-purge.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The scheduled purge is off: each test runs it itself, at a moment it chooses.
const NO_SCHEDULE = { purgeIntervalMinutes: 0 } as const;

const supportToken = (t: TestServer) =>
  t.issuer.sign(
    { sub: "service-account-portal-support", realm_access: { roles: ["portal-support"] } },
    { clientId: "portal-support" },
  );

const purgeCall = async (t: TestServer, dryRun: boolean, url = t.server.url) => {
  const res = await fetch(
    `${url}${API}/support/maintenance/purge`,
    jsonRequest({ dryRun }, { token: await supportToken(t) }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as PurgeReport;
};

/** Per kind what a purge counted or deleted; 0 for every kind of a purge that did not run. */
const countsOf = (report: PurgeReport) =>
  Object.fromEntries(
    RETENTION_KINDS.map((kind) => [kind, report.kinds.find((k) => k.kind === kind)?.count ?? 0]),
  ) as Record<RetentionKind, number>;

const newPerson = async (db: Db, createdAt: Date, confirmed: boolean) => {
  const [row] = await db
    .insert(persons)
    .values({
      email: uniqueEmail("purge"),
      passwordHash: "not-a-hash",
      givenName: "Erika",
      surName: "Mustermann",
      createdAt,
      emailConfirmedAt: confirmed ? createdAt : null,
    })
    .returning();
  if (!row) throw new Error("no person");
  return row;
};

/**
 * For every kind one row just past its period (due: 1 ms before the cut-off) and one at
 * the cut-off itself (kept), and for the unconfirmed registration what hangs on it.
 */
const seed = async (db: Db, now: Date, hours: Readonly<Record<RetentionKind, number>>) => {
  const cut = (kind: RetentionKind) => new Date(now.getTime() - hours[kind] * HOUR);
  const due = (kind: RetentionKind) => new Date(cut(kind).getTime() - 1);
  const keeper = await newPerson(db, new Date(now.getTime() - 400 * DAY), true);
  for (const at of [due("analytics-events"), cut("analytics-events")]) {
    await db.insert(analyticsEvents).values({ kind: "page", name: "home", createdAt: at });
  }
  for (const at of [due("activity"), cut("activity")]) {
    await db.insert(securityEvents).values({ personId: keeper.id, kind: "sign-in", createdAt: at });
  }
  const token = (values: { usedAt?: Date; expiresAt: Date }) =>
    db.insert(mailTokens).values({
      kind: "PASSWORD_RESET",
      tokenHash: randomBytes(32).toString("hex"),
      personId: keeper.id,
      ...values,
    });
  const future = new Date(now.getTime() + HOUR);
  await token({ usedAt: due("mail-tokens"), expiresAt: future });
  await token({ usedAt: cut("mail-tokens"), expiresAt: due("mail-tokens") });
  await token({ expiresAt: due("mail-tokens") });
  await token({ expiresAt: cut("mail-tokens") });
  await token({ expiresAt: future });
  const failures = (lastFailureAt: Date, lockedUntil: Date | null) =>
    db.insert(identityLoginFailures).values({
      subjectHash: randomBytes(32).toString("hex"),
      failures: 3,
      lastFailureAt,
      lockedUntil,
    });
  await failures(due("login-failures"), null);
  await failures(due("login-failures"), due("login-failures"));
  await failures(cut("login-failures"), null);
  // A lockout still running keeps its counter, however old the last failure.
  await failures(due("login-failures"), future);
  for (const at of [due("outbox"), cut("outbox")]) {
    await db
      .insert(outboxMessages)
      .values({ to: "x@example.org", subject: "s", text: "t", template: "optIn", createdAt: at });
  }
  for (const at of [due("mail-log"), cut("mail-log")]) {
    await db
      .insert(mailLog)
      .values({ to: "y@example.org", template: "optIn", subject: "s", sentAt: at });
  }
  const stale = await newPerson(db, due("unconfirmed-registrations"), false);
  const fresh = await newPerson(db, cut("unconfirmed-registrations"), false);
  // What hangs on the stale registration, all recent: it goes with the person anyway.
  await db.insert(mailTokens).values({
    kind: "OPT_IN",
    tokenHash: randomBytes(32).toString("hex"),
    personId: stale.id,
    expiresAt: future,
  });
  await db.insert(consentChanges).values({
    personId: stale.id,
    consent: "marketing",
    value: "GIVEN",
    source: "registration",
    language: "de",
    textVersion: "2026-01",
    createdAt: now,
  });
  await db.insert(identityArtifacts).values({
    model: "Session",
    idHash: randomBytes(32).toString("hex"),
    payload: {},
    accountId: stale.id,
  });
  await db
    .insert(outboxMessages)
    .values({ to: stale.email, subject: "s", text: "t", template: "optIn", createdAt: now });
  await db
    .insert(mailLog)
    .values({ to: stale.email, template: "optIn", subject: "s", sentAt: now });
  return { keeper, stale, fresh };
};

/** Rows per table, to show that a dry run or a lost lock changes nothing. */
const tableCounts = async (db: Db) => {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries({
    analyticsEvents,
    securityEvents,
    mailTokens,
    identityLoginFailures,
    outboxMessages,
    mailLog,
    persons,
    consentChanges,
    identityArtifacts,
  })) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[name] = Number(row?.n);
  }
  return counts;
};

const EXPECTED: Record<RetentionKind, number> = {
  "analytics-events": 1,
  activity: 1,
  "mail-tokens": 2,
  "login-failures": 2,
  outbox: 1,
  "unconfirmed-registrations": 1,
  "mail-log": 1,
};

describe.each(databases)("retention purge on $name", (target) => {
  const server = useTestServer(target, NO_SCHEDULE);

  it("dry run counts exactly what is due and deletes nothing; the purge then removes exactly that, at the boundary", async () => {
    const t = server();
    const { db } = t.server.database;
    const now = t.clock.now();
    // Stopped, so the cut-off of the purge is exactly the one the rows were placed around.
    t.clock.freeze(now);
    onTestFinished(() => t.clock.set(new Date()));
    const hours = t.server.config.retentionHours;
    const { keeper, stale, fresh } = await seed(db, now, hours);
    const before = await tableCounts(db);

    const dry = await purgeCall(t, true);
    expect(dry.dryRun).toBe(true);
    expect(dry.ran).toBe(true);
    expect(dry.kinds.map((k) => k.kind)).toEqual([...PURGE_KINDS]);
    expect(countsOf(dry)).toEqual(EXPECTED);
    const outbox = dry.kinds.find((k) => k.kind === "outbox");
    expect(outbox?.retentionHours).toBe(30 * 24);
    expect(outbox?.before).toBe(new Date(now.getTime() - 30 * DAY).toISOString());
    expect(await tableCounts(db)).toEqual(before);

    const done = await purgeCall(t, false);
    expect(done).toMatchObject({ dryRun: false, ran: true });
    expect(countsOf(done)).toEqual(EXPECTED);
    const after = await tableCounts(db);
    expect(after.analyticsEvents).toBe(before.analyticsEvents! - 1);
    expect(after.mailTokens).toBe(before.mailTokens! - 2 - 1);
    expect(after.identityLoginFailures).toBe(before.identityLoginFailures! - 2);
    // The stale registration's own outbox mail and log entry go with it.
    expect(after.outboxMessages).toBe(before.outboxMessages! - 2);
    expect(after.mailLog).toBe(before.mailLog! - 2);
    const left = await db.select({ id: persons.id }).from(persons);
    expect(left.map((p) => p.id)).toEqual(expect.arrayContaining([keeper.id, fresh.id]));
    expect(left.map((p) => p.id)).not.toContain(stale.id);
    for (const [table, column] of [
      [mailTokens, mailTokens.personId],
      [consentChanges, consentChanges.personId],
      [identityArtifacts, identityArtifacts.accountId],
    ] as const) {
      expect(await db.select().from(table).where(eq(column, stale.id))).toEqual([]);
    }
    expect(
      await db.select().from(outboxMessages).where(eq(outboxMessages.to, stale.email)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(securityEvents)
        .where(inArray(securityEvents.personId, [keeper.id])),
    ).toHaveLength(1);

    // Nothing is due any more; two hours later the counter that sat at the cut-off is, and
    // the one whose lockout has ended meanwhile.
    expect(Object.values(countsOf(await purgeCall(t, true))).every((n) => n === 0)).toBe(true);
    t.clock.advance(2 * HOUR);
    expect(countsOf(await purgeCall(t, true))["login-failures"]).toBe(2);
  });

  it("two purges at once work once: one reports ran false or finds nothing left", async () => {
    const t = server();
    const { db } = t.server.database;
    await seed(db, t.clock.now(), t.server.config.retentionHours);
    const due = countsOf(await purgeCall(t, true));
    const runs = await Promise.all([purgeCall(t, false), purgeCall(t, false)]);
    const total = (kind: RetentionKind) => runs.reduce((n, r) => n + countsOf(r)[kind], 0);
    for (const kind of RETENTION_KINDS) expect(total(kind)).toBe(due[kind]);
    expect(runs.some((r) => !r.ran || Object.values(countsOf(r)).every((n) => n === 0))).toBe(true);
  });

  it("answers support only", async () => {
    const t = server();
    const res = await t.call(`${API}/support/maintenance/purge`, jsonRequest({ dryRun: true }));
    expect(res.status).toBe(401);
    const person = await t.issuer.sign({ sub: "someone" });
    const refused = await t.call(
      `${API}/support/maintenance/purge`,
      jsonRequest({ dryRun: true }, { token: person }),
    );
    expect(refused.status).toBe(403);
    expect((await t.call(`${API}/support/maintenance/purge`, bearer(person, "POST"))).status).toBe(
      403,
    );
  });
});

describe("retention purge of two processes on one PostgreSQL", () => {
  const [postgres] = databases.filter((d) => d.name === "postgres");
  if (!postgres) throw new Error("no PostgreSQL target");
  const server = useTestServer(postgres, NO_SCHEDULE);

  it("fired at the same moment by two app instances, purges once; a held lock makes a purge report ran false and touch nothing", async () => {
    const t = server();
    const { db } = t.server.database;
    t.clock.freeze(t.clock.now());
    onTestFinished(() => t.clock.set(new Date()));
    await seed(db, t.clock.now(), t.server.config.retentionHours);
    const second = await startServer(
      {
        port: 0,
        host: "127.0.0.1",
        logLevel: "silent",
        databaseUrl: t.server.config.databaseUrl,
        dataDir: t.server.config.dataDir,
        oidcIssuer: t.issuer.issuer,
        supportClientSecret: TEST_SUPPORT_SECRET,
        smtpUrl: undefined,
        companySeedCount: 0,
        ...NO_SCHEDULE,
      },
      { clock: t.clock },
    );
    try {
      // Another process holds the purge lock: this one skips and deletes nothing.
      const holder = new pg.Client({ connectionString: t.server.config.databaseUrl });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select pg_advisory_xact_lock($1)", [PURGE_LOCK_KEY]);
        const before = await tableCounts(db);
        const skipped = await purgeCall(t, false);
        expect(skipped).toMatchObject({ ran: false, kinds: [] });
        expect(await tableCounts(db)).toEqual(before);
        await holder.query("commit");
      } finally {
        await holder.end();
      }

      const runs = await Promise.all([purgeCall(t, false), purgeCall(t, false, second.url)]);
      for (const kind of RETENTION_KINDS) {
        expect(runs.reduce((n, r) => n + countsOf(r)[kind], 0)).toBe(EXPECTED[kind]);
      }
      expect(runs.some((r) => !r.ran || Object.values(countsOf(r)).every((n) => n === 0))).toBe(
        true,
      );
      // The purge function itself, from both processes' databases at once.
      const direct = await Promise.all(
        [t.server.database, second.database].map((database) =>
          purgeRetained({
            database,
            retentionHours: t.server.config.retentionHours,
            deletionGraceDays: 0,
            now: t.clock.now(),
            dryRun: false,
          }),
        ),
      );
      expect(direct.flatMap((r) => r.kinds).every((k) => k.count === 0)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
