import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_ROUTES } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestIssuer,
  TEST_SUPPORT_SECRET,
  type TestIssuer,
} from "../../../server/src/test-support/test-issuer.js";
import { REGISTER_OPTIN_PATH } from "../support/accounts-api.js";
import { Outbox } from "../support/outbox.js";
import { queryPortalDb, runSql } from "../support/postgres.js";
import { api, newPassword } from "./support/accounts.js";
import { createProgress } from "./support/progress.js";
import { type ServerProcess, startServerProcess } from "./support/server-process.js";

// Issue 9, faults: "the server killed with SIGKILL in the middle of that load and restarted
// on the same DATA_DIR / database: no acknowledged write lost, no half-written record".

const USERS = 24;
// The users report each acknowledged edit; the test kills the server at the mark.
const progress = createProgress();
const dbName = `portal_sec_kill_${randomBytes(5).toString("hex")}`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), "portal-sec-kill-"));
let issuer: TestIssuer;
let server: ServerProcess | undefined;

// Tokens come from a test issuer, so the load needs no sign-in; each simulated user has its
// own client address (behind a trusted proxy), as real users do.
const start = () =>
  startServerProcess({
    dataDir,
    databaseUrl,
    env: {
      OIDC_ISSUER: issuer.issuer,
      SUPPORT_CLIENT_SECRET: TEST_SUPPORT_SECRET,
      // The test issuer answers no user writes (the user sync's own tests cover it).
      KEYCLOAK_USER_SYNC: "false",
      TRUST_PROXY: "true",
    },
  });

beforeAll(async () => {
  await runSql("postgres", `create database ${dbName}`);
  issuer = await startTestIssuer();
  server = await start();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await issuer?.close();
  await runSql("postgres", `drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** What the load was told had succeeded (acknowledged) and what was still on its way. */
interface UserLog {
  email: string;
  registered: boolean;
  confirmed: boolean;
  personId?: string;
  lastAcked?: string;
  inFlight?: string;
}

const send = (
  route: Parameters<typeof api>[1],
  user: number,
  init: { body?: unknown; token?: string },
) =>
  fetch(`${server!.url}${route.prefix}${route.path}`, {
    method: route.method,
    headers: {
      "x-forwarded-for": `10.77.${user}.1`,
      ...(init.body === undefined
        ? {}
        : { "content-type": route.contentType ?? "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

/** One simulated user: register, confirm, then edit the profile until the server dies. */
const user = async (i: number, log: UserLog, origin: string): Promise<void> => {
  const reg = await send(API_ROUTES.register, i, {
    body: {
      salutation: "MR",
      givenName: "Max",
      surname: "Muster",
      email: log.email,
      password: newPassword(),
      consentMarketing: "REFUSED",
      consentRecherche: "REFUSED",
      postRegistrationTargetKey: null,
      postRegistrationToken: null,
    },
  });
  if (reg.status !== 201) throw new Error(`register ${reg.status}`);
  log.registered = true;
  const link = await new Outbox(origin).nextLink(log.email, REGISTER_OPTIN_PATH, 20_000);
  const confirm = await send(API_ROUTES.confirmMailAddress, i, {
    body: { confirmationToken: link.searchParams.get("optinId") },
  });
  if (confirm.status !== 204) throw new Error(`confirm ${confirm.status}`);
  log.confirmed = true;
  const [row] = (
    await queryPortalDb(databaseUrl, "select id from persons where email = $1", [log.email])
  ).rows;
  log.personId = (row as { id: string }).id;
  const token = await issuer.sign({ sub: log.personId, cr_id: log.personId });
  for (let k = 0; ; k++) {
    log.inFlight = `Stelle ${i}-${k}`;
    const res = await send(API_ROUTES.patchMe, i, {
      token,
      body: [{ op: "add", path: "/position", value: log.inFlight }],
    });
    if (res.status !== 200) throw new Error(`patch ${res.status}`);
    await res.arrayBuffer();
    log.lastAcked = log.inFlight;
    progress.changed();
  }
};

describe("SIGKILL in the middle of load, then a restart on the same database", () => {
  it("loses no acknowledged write and leaves no half-written record", async () => {
    const logs: UserLog[] = Array.from({ length: USERS }, (_, i) => ({
      email: `kill-${i}-${randomBytes(3).toString("hex")}@example.test`,
      registered: false,
      confirmed: false,
    }));
    const origin = server!.url;
    const load = logs.map((log, i) => user(i, log, origin).catch(() => undefined));
    // Kill once writes of every kind are being acknowledged and more are in flight.
    let killing = false;
    const stoppedEarly = Promise.all(load).then(() => {
      if (!killing) throw new Error(`every user stopped before a third had acknowledged edits`);
      return new Promise<never>(() => {});
    });
    await Promise.race([
      progress.until(() => logs.filter((l) => l.lastAcked).length >= USERS / 3),
      stoppedEarly,
    ]);
    killing = true;
    await server!.kill();
    await Promise.all(load);
    server = await start();

    const persons = (
      await queryPortalDb(
        databaseUrl,
        `select p.email, p.email_confirmed_at, p.position,
           (select count(*) from password_history h where h.person_id = p.id)::int as history,
           (select count(*) from mail_tokens t where t.person_id = p.id and t.kind = 'OPT_IN')::int as optins
         from persons p where p.email like 'kill-%'`,
      )
    ).rows as Array<{
      email: string;
      email_confirmed_at: Date | null;
      position: string | null;
      history: number;
      optins: number;
    }>;
    const byEmail = new Map(persons.map((p) => [p.email, p]));
    // No half-written record: every person was written with its password and opt-in token.
    for (const p of persons)
      expect({ email: p.email, history: p.history, optins: p.optins }).toMatchObject({
        history: 1,
        optins: 1,
      });
    for (const log of logs) {
      const stored = byEmail.get(log.email);
      if (log.registered) expect(stored, `${log.email} was acknowledged`).toBeDefined();
      if (log.confirmed)
        expect(stored?.email_confirmed_at, `${log.email} confirmed`).not.toBeNull();
      // The last acknowledged edit, or the one the kill interrupted, never an older one.
      if (log.lastAcked) expect([log.lastAcked, log.inFlight]).toContain(stored?.position);
    }
    // And the restarted server serves: the stored edit reads back through the API.
    const sample = logs.find((l) => l.lastAcked && l.personId);
    const token = await issuer.sign({ sub: sample!.personId!, cr_id: sample!.personId! });
    const me = await api(server.url, API_ROUTES.getMe, { token });
    expect(me.status).toBe(200);
    expect([sample!.lastAcked, sample!.inFlight]).toContain(
      ((await me.json()) as { position: string }).position,
    );
  }, 240_000);
});
