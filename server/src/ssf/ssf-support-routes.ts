import { API_ROUTES, SSF_QUEUE_PAGE } from "@portal/contracts";
import { asc, count, eq, sql } from "drizzle-orm";
import { ssfEvents, ssfStreams } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { queueVerification } from "./verification.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The support calls of `portal ssf` (API_ROUTES.supportSsf*): every stream with its counts,
 * a verification for one, and the queue. No subject and no authorization header is shown.
 */
export const ssfSupportPlugin: PortalPlugin = async (app, { deps }) => {
  const db = deps.database.db;

  apiRoute(app, deps, API_ROUTES.supportSsfStreams, async () => {
    const queued = db
      .select({ streamId: ssfEvents.streamId, n: count().as("n") })
      .from(ssfEvents)
      .groupBy(ssfEvents.streamId)
      .as("queued");
    const rows = await db
      .select({ stream: ssfStreams, queued: sql<number>`coalesce(${queued.n}, 0)::int` })
      .from(ssfStreams)
      .leftJoin(queued, eq(queued.streamId, ssfStreams.id))
      .orderBy(asc(ssfStreams.createdAt));
    return {
      streams: rows.map(({ stream, queued }) => ({
        id: stream.id,
        receiver: stream.clientId,
        delivery: stream.deliveryMethod === "push" ? ("push" as const) : ("poll" as const),
        endpoint: stream.endpointUrl,
        status: stream.status,
        format: stream.subjectFormat,
        events: stream.eventsDelivered,
        delivered: stream.delivered,
        givenUp: stream.givenUp,
        queued: Number(queued),
        createdAt: stream.createdAt.toISOString(),
      })),
    };
  });

  apiRoute(app, deps, API_ROUTES.supportSsfVerify, async ({ params: { streamId }, request }) => {
    const [stream] = UUID.test(streamId ?? "")
      ? await db
          .select()
          .from(ssfStreams)
          .where(eq(ssfStreams.id, streamId as string))
      : [];
    if (!stream) throw apiError(404, "NOT_FOUND", "streamId");
    await queueVerification(db, stream, `support-${Date.now().toString(36)}`, deps.clock.now());
    request.log.info({ stream: stream.id }, "support queued an SSF verification");
    return { streamId: stream.id };
  });

  apiRoute(app, deps, API_ROUTES.supportSsfQueue, async () => {
    const [total] = await db.select({ n: count() }).from(ssfEvents);
    const rows = await db
      .select()
      .from(ssfEvents)
      .orderBy(asc(ssfEvents.createdAt), asc(ssfEvents.id))
      .limit(SSF_QUEUE_PAGE);
    return {
      total: total?.n ?? 0,
      events: rows.map((row) => ({
        id: row.id,
        streamId: row.streamId,
        eventType: row.eventType,
        attempts: row.attempts,
        nextAttemptAt: row.runAfter.toISOString(),
        createdAt: row.createdAt.toISOString(),
        lastError: row.lastError,
      })),
    };
  });
};
