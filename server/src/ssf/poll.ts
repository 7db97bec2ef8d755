import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type SsfStreamRow, ssfEvents, ssfStreams } from "../db/schema/index.js";
import { type SetContext, signSet } from "./set-signer.js";
import type { PollRequest } from "./stream-config.js";

/** SETs one poll answers when the receiver names no `maxEvents`. */
const DEFAULT_MAX_EVENTS = 20;

/**
 * One poll of RFC 8936: acknowledged SETs (`ack`) are delivered and deleted, those the
 * receiver reports as failed (`setErrs`) are given up and deleted (sending them again would
 * fail again), both counted on the stream; then up to `maxEvents` queued SETs, oldest first,
 * each signed now. An unacknowledged SET comes again in the next poll (same `jti`). The answer
 * comes at once, with or without SETs: a long poll held by the transmitter would hold a
 * request and a database connection per receiver, so the receiver polls again instead.
 */
export const poll = async (
  db: Db,
  stream: SsfStreamRow,
  body: PollRequest,
  context: SetContext,
): Promise<{ sets: Record<string, string>; moreAvailable: boolean }> => {
  const settle = async (ids: ReadonlyArray<string>, column: "delivered" | "given_up") => {
    const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (uuids.length === 0) return;
    const gone = await db
      .delete(ssfEvents)
      .where(and(eq(ssfEvents.streamId, stream.id), inArray(ssfEvents.id, uuids)))
      .returning({ id: ssfEvents.id });
    if (gone.length === 0) return;
    await db
      .update(ssfStreams)
      .set(
        column === "delivered"
          ? { delivered: sql`${ssfStreams.delivered} + ${gone.length}` }
          : { givenUp: sql`${ssfStreams.givenUp} + ${gone.length}` },
      )
      .where(eq(ssfStreams.id, stream.id));
  };
  await settle(body.ack ?? [], "delivered");
  await settle(Object.keys(body.setErrs ?? {}), "given_up");
  const max = body.maxEvents ?? DEFAULT_MAX_EVENTS;
  if (max === 0 || stream.status !== "enabled") return { sets: {}, moreAvailable: false };
  const rows = await db
    .select()
    .from(ssfEvents)
    .where(eq(ssfEvents.streamId, stream.id))
    .orderBy(asc(ssfEvents.createdAt), asc(ssfEvents.id))
    .limit(max + 1);
  const sets: Record<string, string> = {};
  for (const row of rows.slice(0, max)) sets[row.id] = await signSet(row, stream.clientId, context);
  return { sets, moreAvailable: rows.length > max };
};
