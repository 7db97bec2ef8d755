import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type SsfEventRow, ssfEvents, ssfStreams } from "../db/schema/index.js";
import { openSecret, SSF_AUTHORIZATION } from "../security/sealed-secret.js";
import { type SetContext, signSet } from "./set-signer.js";

/**
 * Push delivery (RFC 8935) from the outbox (`ssf_events`), never on a person's request: a run
 * claims due rows of enabled push streams with FOR UPDATE SKIP LOCKED and moves their
 * `run_after` by a lease in the same statement, so of several processes (or several runs at
 * once) each row goes to exactly one; it posts each SET and deletes the row on a 2xx. A failure
 * (no answer in {@link POST_TIMEOUT_MS}, a 5xx, 429, 401, ...) leaves it for a retry after a
 * back-off doubling from 1 s up to {@link MAX_BACKOFF_SECONDS}; a 400 (the receiver refuses
 * that SET: RFC 8935 section 2.4) is given up at once. Whatever is still queued
 * {@link GIVE_UP_HOURS} after it was written is given up (push or poll) and counted per stream.
 * A process that dies after a post and before the delete leaves the row to be sent again after
 * its lease: a receiver that saw it drops the repeat by its `jti` (RFC 8935 section 2).
 */

export const MAX_BACKOFF_SECONDS = 300;
export const GIVE_UP_HOURS = 24;
const LEASE_SECONDS = 60;
const POST_TIMEOUT_MS = 5_000;
const BATCH = 20;

/** Only these origins are ever called (SSF_RECEIVER_ORIGINS), checked again at each post. */
export interface DeliveryOptions {
  readonly db: Db;
  readonly origins: ReadonlyArray<string>;
  readonly sign: () => Promise<Omit<SetContext, "now">>;
  readonly now: () => Date;
  readonly fetch?: typeof fetch;
  readonly onError?: (error: unknown, attempts: number) => void;
}

type Claimed = Pick<
  SsfEventRow,
  "id" | "streamId" | "eventType" | "subject" | "payload" | "txn" | "occurredAt" | "attempts"
>;

const iso = (date: Date) => date.toISOString();

const claim = async (db: Db, now: Date): Promise<Claimed[]> => {
  const result = (await db.execute(sql`
    update ${ssfEvents}
       set attempts = ${ssfEvents.attempts} + 1,
           run_after = ${iso(now)}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
     where ${ssfEvents.id} in (
       select e.id from ${ssfEvents} e
         join ${ssfStreams} s on s.id = e.stream_id
        where s.delivery_method = 'push' and s.status = 'enabled'
          and e.run_after <= ${iso(now)}::timestamptz
        order by e.run_after, e.created_at
        limit ${BATCH}
        for update of e skip locked)
     returning id, stream_id as "streamId", event_type as "eventType", subject, payload, txn,
               occurred_at as "occurredAt", attempts`)) as unknown as {
    rows: Array<Omit<Claimed, "occurredAt"> & { occurredAt: Date | string }>;
  };
  // PGlite and node-postgres both parse timestamptz; a string is read as one.
  return result.rows.map((r) => ({ ...r, occurredAt: new Date(r.occurredAt) }));
};

/** Deletes a delivered (or refused) row and counts it on its stream, in one statement. */
export const settle = (db: Db, id: string, outcome: "delivered" | "given_up") =>
  db.execute(sql`
    with gone as (delete from ${ssfEvents} where id = ${id}::uuid returning stream_id)
    update ${ssfStreams} s
       set ${sql.raw(outcome)} = s.${sql.raw(outcome)} + 1
     where s.id in (select stream_id from gone)`);

/**
 * Gives up every row written more than {@link GIVE_UP_HOURS} before `now`, counted per stream.
 * Answers how many.
 */
export const giveUpExpired = async (db: Db, now: Date): Promise<number> => {
  const cutoff = new Date(now.getTime() - GIVE_UP_HOURS * 3_600_000);
  const result = (await db.execute(sql`
    with gone as (
      delete from ${ssfEvents} where created_at < ${iso(cutoff)}::timestamptz returning stream_id),
    counted as (select stream_id, count(*)::int as n from gone group by stream_id)
    update ${ssfStreams} s set given_up = s.given_up + counted.n
      from counted where s.id = counted.stream_id
    returning counted.n`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows.reduce((sum, r) => sum + r.n, 0);
};

/** What one run did. */
export interface DeliveryRun {
  readonly delivered: number;
  readonly failed: number;
  readonly givenUp: number;
}

const post = async (
  options: DeliveryOptions,
  stream: { endpointUrl: string | null; authorizationHeader: string | null },
  set: string,
): Promise<Response> => {
  const url = stream.endpointUrl === null ? null : URL.parse(stream.endpointUrl);
  // An origin taken off the list since the stream was made is not called any more.
  if (!url || !options.origins.includes(url.origin)) {
    throw new Error("endpoint origin not on SSF_RECEIVER_ORIGINS");
  }
  const authorization =
    stream.authorizationHeader === null
      ? undefined
      : openSecret(SSF_AUTHORIZATION, stream.authorizationHeader);
  // Sealed under another KEYED_HASH_SECRET: never sent without the receiver's key.
  if (stream.authorizationHeader !== null && authorization === undefined) {
    throw new Error("the stream's authorization header does not open (KEYED_HASH_SECRET changed?)");
  }
  return (options.fetch ?? fetch)(url, {
    method: "POST",
    headers: {
      "content-type": "application/secevent+jwt",
      accept: "application/json",
      ...(authorization ? { authorization } : {}),
    },
    body: set,
    // Never follow a redirect: it could lead off the allow-list.
    redirect: "manual",
    signal: AbortSignal.timeout(POST_TIMEOUT_MS),
  });
};

/**
 * Delivers every due push event once, batch after batch while batches come full.
 *
 * @example
 * await deliverDue({ db, origins: config.ssfReceiverOrigins, sign, now: () => clock.now() });
 */
export const deliverDue = async (options: DeliveryOptions): Promise<DeliveryRun> => {
  let delivered = 0;
  let failed = 0;
  let givenUp = 0;
  for (;;) {
    const rows = await claim(options.db, options.now());
    for (const row of rows) {
      const [stream] = await options.db
        .select()
        .from(ssfStreams)
        .where(eq(ssfStreams.id, row.streamId));
      if (!stream) continue;
      try {
        const set = await signSet(row, stream.clientId, {
          ...(await options.sign()),
          now: options.now(),
        });
        const answer = await post(options, stream, set);
        await answer.body?.cancel();
        if (answer.status >= 200 && answer.status < 300) {
          await settle(options.db, row.id, "delivered");
          delivered++;
          continue;
        }
        if (answer.status === 400) {
          await settle(options.db, row.id, "given_up");
          givenUp++;
          continue;
        }
        throw new Error(`receiver answered ${answer.status}`);
      } catch (error) {
        failed++;
        options.onError?.(error, row.attempts);
        const backoff = Math.min(2 ** Math.max(row.attempts - 1, 0), MAX_BACKOFF_SECONDS);
        await options.db
          .update(ssfEvents)
          .set({
            runAfter: new Date(options.now().getTime() + backoff * 1000),
            lastError: error instanceof Error ? error.message.slice(0, 200) : "failed",
          })
          .where(eq(ssfEvents.id, row.id));
      }
    }
    if (rows.length < BATCH) return { delivered, failed, givenUp };
  }
};
