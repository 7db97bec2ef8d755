import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordSecurityEvent } from "../activity/security-events.js";
import { subjectOf } from "../credentials/index.js";
import type { Db } from "../db/client.js";
import {
  identityArtifacts,
  identityLoginFailures,
  knownDevices,
  mailQueue,
  mfaCredentials,
  outboxMessages,
  passkeys,
  recoveryCodes,
  sessionDevices,
} from "../db/schema/index.js";
import { ERASURE_NOTICE_TEMPLATE } from "../mail/templates/account-deleted.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
  mailsTo,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { ERASURE_NOTICE_HOURS, purgeRetained } from "./retention-purge.js";

/**
 * Tables that may keep something of a deleted person, and why (the README's privacy
 * section names the same). Empty: what stays is keyed so that it names nobody (rate-limit
 * counters are keyed hashes of an address, gone with their window; analytics events carry
 * no person) and is therefore not found by the search below.
 */
const MAY_KEEP: ReadonlyArray<string> = [];

/** Every table of the portal's schema and its rows that mention `needle` anywhere. */
const tablesMentioning = async (db: Db, needles: ReadonlyArray<string>): Promise<string[]> => {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const found: string[] = [];
  for (const { table_name: name } of tables.rows) {
    for (const needle of needles) {
      // The whole row as text: every column, JSON payloads included.
      const hits = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(name)} t
             where lower(t::text) like ${`%${needle.toLowerCase()}%`}`,
      )) as unknown as { rows: { n: number }[] };
      if (Number(hits.rows[0]?.n) > 0) found.push(`${name} (${needle})`);
    }
  }
  return found;
};

describe.each(embedded)("what an account deletion leaves on $name", (target) => {
  const server = useTestServer(target);

  it("no table holds a row naming the person's id or address once the deletion is confirmed", async () => {
    const t = server();
    const a = await confirmedAccount(t, { consentMarketing: "GIVEN" });
    const { db } = t.server.database;
    // Something in every table that can hold the person.
    const patch = await t.call(`${API}/persons/me`, {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${a.token}`,
        "content-type": "application/json-patch+json",
      },
      body: JSON.stringify([{ op: "replace", path: "/consentMarketing", value: "REFUSED" }]),
    });
    expect(patch.status).toBe(200);
    const setting = await t.call(
      `${API}/persons/me/passkey-upgrade`,
      jsonRequest({ enabled: false }, { method: "PUT", token: a.token }),
    );
    expect(setting.status).toBe(200);
    expect((await t.call(`${API}/persons/me/export`, bearer(a.token))).status).toBe(200);
    await db.insert(mfaCredentials).values({ personId: a.id, type: "EMAIL" });
    await db
      .insert(recoveryCodes)
      .values({ personId: a.id, codeHash: randomBytes(32).toString("hex") });
    await db.insert(passkeys).values({
      personId: a.id,
      credentialId: randomBytes(16).toString("base64url"),
      publicKey: "pk",
      name: "Laptop",
      passwordless: true,
    });
    const uidHash = randomBytes(32).toString("hex");
    await db.insert(identityArtifacts).values({
      model: "Session",
      idHash: randomBytes(32).toString("hex"),
      uidHash,
      payload: { accountId: a.id, uid: "u" },
      accountId: a.id,
    });
    await db.insert(sessionDevices).values({
      sessionUidHash: uidHash,
      personId: a.id,
      browser: "Firefox",
      os: "Linux",
      osVersion: "",
      device: "",
      address: "192.0.2.x",
    });
    await db.insert(knownDevices).values({ personId: a.id, deviceHash: "d" });
    await recordSecurityEvent(db, a.id, "sign-in", { browser: "Firefox" });
    await db.insert(identityLoginFailures).values({ subjectHash: subjectOf(a.email), failures: 2 });
    await db.insert(mailQueue).values({ kind: "passwordReset", email: a.email });
    expect(await tablesMentioning(db, [a.id, a.email])).not.toEqual([]);

    const requested = await t.call(`${API}/persons/me/request-deletion`, bearer(a.token, "POST"));
    expect(requested.status).toBe(200);
    const optOutToken = linkParam(await latestMail(t, a.email), "optoutId");
    const confirmed = await t.call(`${API}/persons/confirm-deletion`, jsonRequest({ optOutToken }));
    expect(confirmed.status).toBe(204);
    // The erasure's notice is the one mail after it, and the mail log does not keep it. The
    // outbox is where mails are delivered without SMTP (development, tests): it keeps the
    // notice as a mail server would hold a delivered mail, a day, and the purge then takes it.
    await mailsTo(t, a.email);
    const after = await db.select().from(outboxMessages).where(eq(outboxMessages.to, a.email));
    expect(after.map((m) => m.template)).toEqual([ERASURE_NOTICE_TEMPLATE]);
    const purgeAt = (hours: number) =>
      purgeRetained({
        database: t.server.database,
        retentionHours: t.server.config.retentionHours,
        deletionGraceDays: 0,
        now: new Date((after[0]?.createdAt ?? new Date()).getTime() + hours * 3_600_000),
        dryRun: false,
      });
    await purgeAt(ERASURE_NOTICE_HOURS - 1);
    expect(await tablesMentioning(db, [a.email])).toEqual([`outbox_messages (${a.email})`]);
    await purgeAt(ERASURE_NOTICE_HOURS + 1);

    const left = await tablesMentioning(db, [a.id, a.email]);
    expect(left.filter((hit) => !MAY_KEEP.some((table) => hit.startsWith(`${table} `)))).toEqual(
      [],
    );
    // The login-failure counter is keyed by a hash of the address: gone as well.
    const counters = await db.select().from(identityLoginFailures);
    expect(counters.map((c) => c.subjectHash)).not.toContain(subjectOf(a.email));
  });
});
