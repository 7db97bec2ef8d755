import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailTokens, persons } from "../db/schema/index.js";
import { confirmedAccount } from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import { untilALockIsAwaited } from "../test-support/lock-waits.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { issueTokenForAddress } from "./address-tokens.js";
import { lockPerson } from "./person-store.js";

// A link asked for by address (password forgotten, resend opt-in, support's resends) is
// issued under the person's row lock and only while the account still has that address:
// an e-mail change confirmed between finding the account and issuing the link wins, and
// the old address gets nothing (the review's remaining race after #3).

describe.each(databases)("links issued for an address on $name", (target) => {
  const server = useTestServer(target);
  const db = () => server().server.database;
  const rowOf = async (id: string) => {
    const [row] = await db().db.select().from(persons).where(eq(persons.id, id));
    if (!row) throw new Error("no person");
    return row;
  };
  const resetLinks = (personId: string) =>
    db()
      .db.select()
      .from(mailTokens)
      .where(and(eq(mailTokens.personId, personId), eq(mailTokens.kind, "PASSWORD_RESET")));

  it("issues the link for the account that still has the address, to that row", async () => {
    const account = await confirmedAccount(server());
    const issued = await issueTokenForAddress(db(), await rowOf(account.id), {
      kind: "PASSWORD_RESET",
      now: new Date(),
    });
    expect(issued?.person.email).toBe(account.email);
    expect(issued?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resetLinks(account.id)).toHaveLength(1);
  });

  it("issues nothing once the account has moved to another address", async () => {
    const account = await confirmedAccount(server());
    const found = await rowOf(account.id);
    await db()
      .db.update(persons)
      .set({ email: `moved.${account.email}` })
      .where(eq(persons.id, account.id));
    expect(
      await issueTokenForAddress(db(), found, { kind: "PASSWORD_RESET", now: new Date() }),
    ).toBeUndefined();
    expect(await resetLinks(account.id)).toEqual([]);
  });

  it("waits for a change that holds the person's lock, then issues nothing for the old address", async () => {
    const account = await confirmedAccount(server());
    const found = await rowOf(account.id);
    let issuing: Promise<unknown> | undefined;
    let settled = false;
    let settledWhileLocked = true;
    await db().transaction(async (tx) => {
      await lockPerson(tx, account.id);
      issuing = issueTokenForAddress(db(), found, { kind: "PASSWORD_RESET", now: new Date() });
      void issuing.then(() => {
        settled = true;
      });
      await untilALockIsAwaited(db());
      await tx
        .update(persons)
        .set({ email: `moved.${account.email}` })
        .where(eq(persons.id, account.id));
      // Read before the commit: once it lands, the waiting issue may finish at any moment.
      settledWhileLocked = settled;
    });
    expect(settledWhileLocked).toBe(false);
    expect(await issuing).toBeUndefined();
    expect(await resetLinks(account.id)).toEqual([]);
  });

  it("asks `may` under the lock: a refusal issues nothing", async () => {
    const account = await confirmedAccount(server());
    const issued = await issueTokenForAddress(db(), await rowOf(account.id), {
      kind: "OPT_IN",
      now: new Date(),
      may: (locked) => locked.emailConfirmedAt === null,
    });
    expect(issued).toBeUndefined();
  });
});
