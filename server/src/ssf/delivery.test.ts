import { count, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssfEvents, ssfStreams } from "../db/schema/index.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { deliverDue, GIVE_UP_HOURS, giveUpExpired } from "./delivery.js";
import { loadTransmitterKey } from "./transmitter-key.js";

const ORIGIN = "https://receiver.example.org";
const N = 6;
const EVENTS = 45;

describe.each(databases)("push delivery on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database.close());

  const stream = async (endpoint = `${ORIGIN}/events`) => {
    const [row] = await database.db
      .insert(ssfStreams)
      .values({
        clientId: "portal-support",
        deliveryMethod: "push",
        endpointUrl: endpoint,
        eventsRequested: [],
        eventsDelivered: [],
        subjectFormat: "iss_sub",
      })
      .returning();
    if (!row) throw new Error("no stream");
    return row;
  };
  const queue = (streamId: string, n: number, createdAt?: Date) =>
    database.db.insert(ssfEvents).values(
      Array.from({ length: n }, () => ({
        streamId,
        eventType: "https://schemas.openid.net/secevent/caep/event-type/session-revoked",
        subject: { format: "iss_sub", sub: crypto.randomUUID() },
        txn: crypto.randomUUID(),
        ...(createdAt ? { createdAt } : {}),
      })),
    );
  const sign = async () => ({
    key: await loadTransmitterKey(database.db),
    issuer: "https://portal.example.org",
  });

  it(`${N} deliverers at once deliver each of ${EVENTS} events exactly once`, async () => {
    const s = await stream();
    await queue(s.id, EVENTS);
    const seen: string[] = [];
    const receiver: typeof fetch = async (_url, init) => {
      seen.push(String(decodeJwt(String(init?.body)).jti));
      return new Response(null, { status: 202 });
    };
    const runs = await Promise.all(
      Array.from({ length: N }, () =>
        deliverDue({
          db: database.db,
          origins: [ORIGIN],
          sign,
          now: () => new Date(),
          fetch: receiver,
        }),
      ),
    );
    expect(runs.reduce((sum, r) => sum + r.delivered, 0)).toBe(EVENTS);
    expect(seen).toHaveLength(EVENTS);
    expect(new Set(seen).size).toBe(EVENTS);
    const [left] = await database.db
      .select({ n: count() })
      .from(ssfEvents)
      .where(eq(ssfEvents.streamId, s.id));
    expect(left?.n).toBe(0);
    const [row] = await database.db.select().from(ssfStreams).where(eq(ssfStreams.id, s.id));
    expect(row?.delivered).toBe(EVENTS);
  });

  it("calls no origin off the list, backs off after a failure, gives up a refused SET at once", async () => {
    const off = await stream("https://elsewhere.example.org/events");
    await queue(off.id, 1);
    const calls: string[] = [];
    const receiver: typeof fetch = async (url) => {
      calls.push(String(url));
      return new Response(JSON.stringify({ err: "invalid_request" }), { status: 400 });
    };
    const now = new Date();
    const run = await deliverDue({
      db: database.db,
      origins: [ORIGIN],
      sign,
      now: () => now,
      fetch: receiver,
    });
    expect(calls).toEqual([]);
    expect(run.failed).toBe(1);
    const [waiting] = await database.db
      .select()
      .from(ssfEvents)
      .where(eq(ssfEvents.streamId, off.id));
    expect(waiting?.runAfter.getTime()).toBe(now.getTime() + 1000);
    expect(waiting?.lastError).toBe("endpoint origin not on SSF_RECEIVER_ORIGINS");
    // Not due again before its back-off.
    expect(
      (
        await deliverDue({
          db: database.db,
          origins: [ORIGIN],
          sign,
          now: () => now,
          fetch: receiver,
        })
      ).failed,
    ).toBe(0);

    const refusing = await stream();
    await queue(refusing.id, 1);
    const refused = await deliverDue({
      db: database.db,
      origins: [ORIGIN],
      sign,
      now: () => now,
      fetch: receiver,
    });
    expect(refused.givenUp).toBe(1);
    const [row] = await database.db.select().from(ssfStreams).where(eq(ssfStreams.id, refusing.id));
    expect(row?.givenUp).toBe(1);
  });

  it(`gives up what is still queued ${GIVE_UP_HOURS} hours after it was written, counted per stream`, async () => {
    const s = await stream();
    const now = new Date();
    await queue(s.id, 3, new Date(now.getTime() - (GIVE_UP_HOURS * 3_600_000 + 1000)));
    await queue(s.id, 1, new Date(now.getTime() - 60_000));
    const counts = await Promise.all([
      giveUpExpired(database.db, now),
      giveUpExpired(database.db, now),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    const [row] = await database.db.select().from(ssfStreams).where(eq(ssfStreams.id, s.id));
    expect(row?.givenUp).toBe(3);
    const [left] = await database.db
      .select({ n: count() })
      .from(ssfEvents)
      .where(eq(ssfEvents.streamId, s.id));
    expect(left?.n).toBe(1);
  });
});
