import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type SsfStreamRow, ssfEvents } from "../db/schema/index.js";
import { SSF_VERIFICATION_EVENT, sharedSignalQueued } from "../db/shared-signal-outbox.js";

/**
 * Queues the verification event of SSF 1.0 section 8.1.4 (subject: the stream, `state` echoed).
 * A stream holds at most one undelivered verification, the newest: asking again replaces it,
 * so a receiver that asks in a loop cannot grow the queue.
 */
export const queueVerification = async (
  db: Db,
  stream: SsfStreamRow,
  state: string | undefined,
  now: Date,
): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .delete(ssfEvents)
      .where(
        and(eq(ssfEvents.streamId, stream.id), eq(ssfEvents.eventType, SSF_VERIFICATION_EVENT)),
      );
    await tx.insert(ssfEvents).values({
      streamId: stream.id,
      eventType: SSF_VERIFICATION_EVENT,
      subject: { format: "opaque", id: stream.id },
      payload: state === undefined ? {} : { state },
      txn: randomUUID(),
      occurredAt: now,
    });
  });
  sharedSignalQueued();
};
