import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  mailTokens,
  memberships,
  mfaCredentials,
  passwordHistory,
  persons,
} from "../db/schema/index.js";
import { hashPassword } from "../security/password-hash.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
  mailsTo,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { findLiveToken } from "./mail-tokens.js";

const DAY = 24 * 60 * 60 * 1000;

const checkDeletion = (t: TestServer, optOutToken: string) =>
  t.call(`${API}/persons/check-deletion-token`, jsonRequest({ optOutToken }));

const requestDeletion = (t: TestServer, token: string) =>
  t.call(`${API}/persons/me/request-deletion`, bearer(token, "POST"));
const confirmDeletion = (t: TestServer, optOutToken: string) =>
  t.call(`${API}/persons/confirm-deletion`, jsonRequest({ optOutToken }));

describe.each(databases)("account deletion on $name", (target) => {
  const server = useTestServer(target);

  it("mails a deletion link; confirming deletes the person and all linked data and ends every session", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    t.issuer.realm.addUser(account.id, ["keycloak-session"]);
    const { db } = t.server.database;
    await db.insert(mfaCredentials).values({ personId: account.id, type: "EMAIL" });
    const res = await requestDeletion(t, account.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: account.email });
    const mail = await latestMail(t, account.email);
    expect(new URL(mail.links[0] ?? "").pathname).toBe(
      "/benutzerverwaltung/konto/loeschen/bestaetigen",
    );
    const optoutId = linkParam(mail, "optoutId");

    expect((await confirmDeletion(t, optoutId)).status).toBe(204);
    expect(t.sessions.calls).toContainEqual({ personId: account.id, exceptSessionId: undefined });
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual([]);
    for (const [table, column] of [
      [persons, persons.id],
      [mailTokens, mailTokens.personId],
      [mfaCredentials, mfaCredentials.personId],
      [passwordHistory, passwordHistory.personId],
    ] as const) {
      expect(await db.select().from(table).where(eq(column, account.id))).toEqual([]);
    }
    expect((await t.call(`${API}/persons/me`, bearer(account.token))).status).toBe(404);
    const again = await confirmDeletion(t, optoutId);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual([{ errorCode: "INVALID_OPT_IN", field: "optOutToken" }]);
  });

  it("names the account of a live link (masked) without using it; any other link is only invalid", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    expect((await requestDeletion(t, account.token)).status).toBe(200);
    const optoutId = linkParam(await latestMail(t, account.email), "optoutId");
    const [local = "", domain = ""] = account.email.split("@");

    for (let i = 0; i < 3; i++) {
      const res = await checkDeletion(t, optoutId);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        valid: true,
        maskedEmail: `${local.slice(0, 2)}•••@${domain}`,
      });
    }
    // Unknown, of another kind, used: the same answer, naming nobody.
    expect(await (await checkDeletion(t, "no-such-token")).json()).toEqual({ valid: false });
    expect((await confirmDeletion(t, optoutId)).status).toBe(204);
    expect(await (await checkDeletion(t, optoutId)).json()).toEqual({ valid: false });
  });

  it("confirms the erasure by mail to the address, with no link in it", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await requestDeletion(t, account.token);
    const optoutId = linkParam(await latestMail(t, account.email), "optoutId");
    expect((await confirmDeletion(t, optoutId)).status).toBe(204);
    const mails = await mailsTo(t, account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/Ihr Konto wurde gelöscht$/);
    expect(mails[0]?.links).toEqual([]);
  });

  it("deletes once and sends one notice when the link is confirmed 8 times at once", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await requestDeletion(t, account.token);
    const optoutId = linkParam(await latestMail(t, account.email), "optoutId");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => confirmDeletion(t, optoutId)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([204, 400, 400, 400, 400, 400, 400, 400]);
    expect(await mailsTo(t, account.email)).toHaveLength(1);
  });

  it("keeps the link valid for 10 days, not longer", async () => {
    const t = server();
    const early = await confirmedAccount(t);
    const late = await confirmedAccount(t);
    await requestDeletion(t, early.token);
    const earlyToken = linkParam(await latestMail(t, early.email), "optoutId");
    await requestDeletion(t, late.token);
    const lateToken = linkParam(await latestMail(t, late.email), "optoutId");
    try {
      t.clock.advance(10 * DAY - 60_000);
      expect((await confirmDeletion(t, earlyToken)).status).toBe(204);
      t.clock.advance(2 * 60_000);
      expect((await confirmDeletion(t, lateToken)).status).toBe(400);
    } finally {
      t.clock.set(new Date());
    }
  });

  it("refuses member users with 403 MEMBER_CANNOT_DELETE (token claim or stored membership)", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const memberToken = await t.issuer.sign({
      sub: account.id,
      cr_id: account.id,
      cr_mapping: "4711:123456",
    });
    const byClaim = await requestDeletion(t, memberToken);
    expect(byClaim.status).toBe(403);
    expect(await byClaim.json()).toEqual([{ errorCode: "MEMBER_CANNOT_DELETE" }]);
    await t.server.database.db
      .update(persons)
      .set({ memberMapping: "4711:123456" })
      .where(eq(persons.id, account.id));
    expect((await requestDeletion(t, account.token)).status).toBe(403);
  });

  // Security review #6: a deletion link mailed before the person became a member deleted
  // the member's account.
  it("refuses a link of a person who became a member meanwhile (403 MEMBER_CANNOT_DELETE) and leaves it unused", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const { db } = t.server.database;
    expect((await requestDeletion(t, account.token)).status).toBe(200);
    const optoutId = linkParam(await latestMail(t, account.email), "optoutId");
    // The member state as the token claims read it, whichever way it was set.
    await db
      .update(persons)
      .set({ memberMapping: "4711:123456" })
      .where(eq(persons.id, account.id));
    const refused = await confirmDeletion(t, optoutId);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual([{ errorCode: "MEMBER_CANNOT_DELETE" }]);
    expect(await findLiveToken(db, ["DELETION"], optoutId, t.clock.now())).toBeDefined();
    expect(await db.select().from(persons).where(eq(persons.id, account.id))).toHaveLength(1);
  });

  it("linking a membership retires the open deletion links", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const { db } = t.server.database;
    expect((await requestDeletion(t, account.token)).status).toBe(200);
    const optoutId = linkParam(await latestMail(t, account.email), "optoutId");
    const mitgliedskennung = String(randomInt(100_000_000, 999_999_999));
    const [personalPasswordHash, generalPasswordHash] = await Promise.all([
      hashPassword("persoenlich-1"),
      hashPassword("allgemein-2"),
    ]);
    await db.insert(memberships).values({
      mitgliedskennung,
      memberNumber: "4711",
      personalPasswordHash,
      generalPasswordHash,
    });
    const linked = await t.call(
      `${API}/persons/me/register-mitgliedskennung`,
      jsonRequest(
        { mitgliedskennung, personalPassword: "persoenlich-1", generalPassword: "allgemein-2" },
        { token: account.token },
      ),
    );
    expect(linked.status).toBe(200);
    expect(await findLiveToken(db, ["DELETION"], optoutId, t.clock.now())).toBeUndefined();
    const refused = await confirmDeletion(t, optoutId);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual([{ errorCode: "INVALID_OPT_IN", field: "optOutToken" }]);
    const [row] = await db.select().from(persons).where(eq(persons.id, account.id));
    expect(row?.memberMapping).toBe(`4711:${mitgliedskennung}`);
  });

  it("releases a linked membership when the person is deleted", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const { db } = t.server.database;
    await db.insert(memberships).values({
      mitgliedskennung: `9${Date.now()}`,
      memberNumber: "777",
      personalPasswordHash: "x",
      generalPasswordHash: "y",
      personId: account.id,
    });
    await requestDeletion(t, account.token);
    await confirmDeletion(t, linkParam(await latestMail(t, account.email), "optoutId"));
    const [row] = await db.select().from(memberships).where(eq(memberships.memberNumber, "777"));
    expect(row?.personId).toBeNull();
  });

  it("does not take another kind of token", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await t.call(
      `${API}/persons/request-password-reset-mail`,
      jsonRequest({ email: account.email }),
    );
    const reset = linkParam(await latestMail(t, account.email), "passwordResetToken");
    expect((await confirmDeletion(t, reset)).status).toBe(400);
  });
});
