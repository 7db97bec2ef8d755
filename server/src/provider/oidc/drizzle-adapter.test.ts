import { errors } from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { flushHeldWrites, withRequestCache } from "../../db/request-cache.js";
import { identityArtifacts } from "../../db/schema/identity.js";
import { databases, openTestDatabase } from "../../test-support/databases.js";
import { countStatements } from "../../test-support/statement-counter.js";
import { testClock } from "../../test-support/test-server.js";
import { DrizzleAdapter, deleteExpiredArtifacts, idSealer, sha256 } from "./drizzle-adapter.js";

describe.each(databases)("oidc-provider storage on $name", (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  }, 60_000);
  afterAll(() => database?.close());

  it("stores identifiers only hashed and finds by them", async () => {
    const codes = new DrizzleAdapter(database.db, "AuthorizationCode");
    await codes.upsert(
      "secret-code-1",
      { grantId: "g1", accountId: "a1", kind: "AuthorizationCode" },
      60,
    );
    expect(await codes.find("secret-code-1")).toMatchObject({
      jti: "secret-code-1",
      grantId: "g1",
    });
    expect(await codes.find("other")).toBeUndefined();
    const rows = await database.db.select().from(identityArtifacts);
    expect(JSON.stringify(rows)).not.toContain("secret-code-1");
  });

  it("holds a request's writes and sends them in one statement, read before any read", async () => {
    const sessions = new DrizzleAdapter(database.db, "Session");
    const codes = new DrizzleAdapter(database.db, "AuthorizationCode");
    const stored = async (model: string, id: string) =>
      (await database.db.select().from(identityArtifacts)).some(
        (r) => r.model === model && r.idHash === sha256(id),
      );
    await codes.upsert("held-old", { kind: "AuthorizationCode" }, 60);
    const { statements } = await countStatements(() =>
      withRequestCache(async () => {
        await codes.destroy("held-old");
        await codes.upsert("held-code", { grantId: "g", kind: "AuthorizationCode" }, 60);
        await sessions.upsert("held-session", { uid: "u-held", kind: "Session" }, 60);
        // Nothing sent yet; a read of the request sends them first and finds them.
        expect(await stored("Session", "held-session")).toBe(false);
        expect(await sessions.findByUid("u-held")).toMatchObject({ uid: "u-held" });
        // A second write to one row sends the first before it is held (their order stays).
        await codes.upsert("again", { grantId: "1", kind: "AuthorizationCode" }, 60);
        await codes.upsert("again", { grantId: "2", kind: "AuthorizationCode" }, 60);
        await flushHeldWrites();
      }),
    );
    expect(await stored("AuthorizationCode", "held-old")).toBe(false);
    expect(await stored("AuthorizationCode", "held-code")).toBe(true);
    expect(await codes.find("again")).toMatchObject({ grantId: "2" });
    const sent = statements.filter((s) => !s.startsWith("select"));
    // The destroy and both upserts in one; then "again" once, and once more.
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^with held_0 as \(delete .*held_2 as \(insert/);
  });

  it("never returns an expired entry, and deletes it for good later", async () => {
    const clock = testClock();
    clock.freeze(new Date());
    const tokens = new DrizzleAdapter(database.db, "RefreshToken", { clock });
    await tokens.upsert("short-lived", { kind: "RefreshToken" }, 1);
    expect(await tokens.find("short-lived")).toBeDefined();
    clock.advance(999);
    expect(await tokens.find("short-lived")).toBeDefined();
    clock.advance(1);
    expect(await tokens.find("short-lived")).toBeUndefined();
    await deleteExpiredArtifacts(database.db, clock);
    const left = await database.db.select().from(identityArtifacts);
    expect(left.some((r) => r.model === "RefreshToken")).toBe(false);
  });

  it("marks consumed entries and revokes everything of a grant", async () => {
    const tokens = new DrizzleAdapter(database.db, "RefreshToken");
    const codes = new DrizzleAdapter(database.db, "AuthorizationCode");
    await tokens.upsert("rt-1", { grantId: "g2", kind: "RefreshToken" }, 600);
    await codes.upsert("code-2", { grantId: "g2", kind: "AuthorizationCode" }, 600);
    await tokens.consume("rt-1");
    expect((await tokens.find("rt-1"))?.consumed).toEqual(expect.any(Number));
    await tokens.revokeByGrantId("g2");
    expect(await tokens.find("rt-1")).toBeUndefined();
    expect(await codes.find("code-2")).toBeUndefined();
  });

  it("keeps an interaction that names a revoked grant (a sign-in switching persons resumes it)", async () => {
    const interactions = new DrizzleAdapter(database.db, "Interaction");
    const tokens = new DrizzleAdapter(database.db, "AccessToken");
    await interactions.upsert("uid-3", { grantId: "g3", kind: "Interaction" }, 600);
    await tokens.upsert("at-3", { grantId: "g3", kind: "AccessToken" }, 600);
    await tokens.revokeByGrantId("g3");
    expect(await tokens.find("at-3")).toBeUndefined();
    expect(await interactions.find("uid-3")).toMatchObject({ grantId: "g3" });
  });

  it("lets one of parallel consumptions win; the others fail as a replay and revoke the grant", async () => {
    const tokens = new DrizzleAdapter(database.db, "RefreshToken");
    const grants = new DrizzleAdapter(database.db, "Grant");
    await grants.upsert("g-race", { accountId: "a4", kind: "Grant" }, 600);
    await tokens.upsert("rt-race", { grantId: "g-race", kind: "RefreshToken" }, 600);
    await tokens.upsert("rt-sibling", { grantId: "g-race", kind: "RefreshToken" }, 600);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => tokens.consume("rt-race")),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(7);
    for (const o of refused) {
      expect(o.reason).toBeInstanceOf(errors.InvalidGrant);
      expect(o.reason).toMatchObject({
        error: "invalid_grant",
        error_detail: "refresh token already used",
      });
    }
    expect(await grants.find("g-race")).toBeUndefined();
    expect(await tokens.find("rt-sibling")).toBeUndefined();
  });

  it("refuses a second consumption of a code the way oidc-provider refuses a replay", async () => {
    const codes = new DrizzleAdapter(database.db, "AuthorizationCode");
    const others = new DrizzleAdapter(database.db, "AuthorizationCode");
    await codes.upsert("code-once", { grantId: "g-once", kind: "AuthorizationCode" }, 600);
    await others.upsert("code-other-grant", { grantId: "g-other", kind: "AuthorizationCode" }, 600);
    await codes.consume("code-once");
    await expect(codes.consume("code-once")).rejects.toMatchObject({
      error: "invalid_grant",
      error_detail: "authorization code already consumed",
    });
    expect(await codes.find("code-once")).toBeUndefined();
    // Another grant's artifacts stay.
    expect(await others.find("code-other-grant")).toBeDefined();
    // A pushed authorization request has no grant: refused as oidc-provider refuses its reuse.
    const pushed = new DrizzleAdapter(database.db, "PushedAuthorizationRequest");
    await pushed.upsert("par-1", { kind: "PushedAuthorizationRequest" }, 60);
    await pushed.consume("par-1");
    await expect(pushed.consume("par-1")).rejects.toMatchObject({ error: "invalid_request_uri" });
  });

  it("finds sessions by uid and device codes by user code (id kept sealed)", async () => {
    const sessions = new DrizzleAdapter(database.db, "Session");
    await sessions.upsert(
      "session-cookie-value",
      { uid: "uid-1", accountId: "a3", kind: "Session" },
      600,
    );
    expect(await sessions.findByUid("uid-1")).toMatchObject({ uid: "uid-1", accountId: "a3" });
    const devices = new DrizzleAdapter(database.db, "DeviceCode", {
      sealer: idSealer(new Uint8Array(32)),
    });
    await devices.upsert("device-code-value", { userCode: "BCDF-GHJK", kind: "DeviceCode" }, 600);
    expect(await devices.findByUserCode("BCDF-GHJK")).toMatchObject({
      jti: "device-code-value",
      userCode: "BCDF-GHJK",
    });
    const rows = JSON.stringify(await database.db.select().from(identityArtifacts));
    expect(rows).not.toContain("device-code-value");
    expect(rows).not.toContain("BCDF-GHJK");
    expect(rows).not.toContain("session-cookie-value");
  });
});
