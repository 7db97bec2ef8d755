import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "../db/client.js";
import { mailQueue } from "../db/schema/index.js";

/**
 * The mail queue: calls that must not tell whether an address has an account add one row
 * (the same insert for every address) and answer; a worker of the server, on its own
 * timer, claims rows and does the address-dependent work (look-up, token, mail). Nothing
 * that depends on the address runs on behalf of the request, before or after its answer.
 */

/** What to do for one queued row; `email` is as the caller gave it. */
export type QueuedMailHandler = (email: string) => Promise<void>;

/** Adds a mail to the queue. The caller's work is this one insert, whatever `email` is. */
export const enqueueMail = async (db: Executor, kind: string, email: string): Promise<void> => {
  await db.insert(mailQueue).values({ kind, email });
};

/** How often the worker looks for queued mails. */
export const MAIL_QUEUE_POLL_MS = 1000;
/** A claimed row is left to another process after this long (its worker died). */
const LEASE_SECONDS = 300;
const BATCH = 20;
const MAX_ATTEMPTS = 5;

interface Claimed {
  readonly id: number;
  readonly kind: string;
  readonly email: string;
  readonly attempts: number;
}

/**
 * Claims up to {@link BATCH} due rows in one statement. SKIP LOCKED lets several processes
 * on one PostgreSQL claim at once without taking the same row; the lease moves `run_after`
 * so a row a dead process held comes due again.
 */
const claim = async (db: Db): Promise<Claimed[]> => {
  const result = (await db.execute(sql`
    update ${mailQueue}
       set attempts = ${mailQueue.attempts} + 1,
           run_after = now() + make_interval(secs => ${LEASE_SECONDS})
     where ${mailQueue.id} in (
       select ${mailQueue.id} from ${mailQueue}
        where ${mailQueue.runAfter} <= now()
        order by ${mailQueue.id}
        limit ${BATCH}
        for update skip locked)
     returning ${mailQueue.id} as id, ${mailQueue.kind} as kind, ${mailQueue.email} as email,
               ${mailQueue.attempts} as attempts`)) as unknown as { rows: Claimed[] };
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
};

/** The worker of one process. */
export interface MailQueueWorker {
  /** Starts the timer. */
  start(): void;
  /** Works every due row now, until none is left (tests, and the timer). */
  drain(): Promise<void>;
  /** Stops the timer and works what is due once more. */
  close(): Promise<void>;
}

// Workers of this process, so in-process tests can wait for queued mails (settledAfterReply).
const workers = new Set<MailQueueWorker>();

/** Works every due row of every worker of this process. */
export const drainMailQueues = async (): Promise<void> => {
  await Promise.all([...workers].map((worker) => worker.drain()));
};

/**
 * A worker over `handlers` (one per kind). A failed row is tried again after its lease, at
 * most {@link MAX_ATTEMPTS} times; logs name the kind only, never the address.
 *
 * @example
 * const worker = createMailQueueWorker({ db, log, handlers: { "password-reset": send } });
 * worker.start();
 */
export const createMailQueueWorker = (options: {
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  readonly handlers: Readonly<Record<string, QueuedMailHandler>>;
  readonly pollMs?: number;
}): MailQueueWorker => {
  const { db, log, handlers } = options;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const work = async (row: Claimed): Promise<void> => {
    const handler = handlers[row.kind];
    try {
      if (!handler) throw new Error(`no handler for queued mail kind ${row.kind}`);
      await handler(row.email);
      await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
    } catch (error) {
      log.error({ err: error, kind: row.kind, attempts: row.attempts }, "queued mail failed");
      if (row.attempts >= MAX_ATTEMPTS) await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
    }
  };

  const runOnce = async (): Promise<void> => {
    for (;;) {
      const rows = await claim(db);
      for (const row of rows) await work(row);
      if (rows.length < BATCH) return;
    }
  };

  // One run at a time per process; a drain during a run waits for it and runs once more.
  const drain = async (): Promise<void> => {
    while (running) await running;
    running = runOnce().finally(() => {
      running = undefined;
    });
    await running;
  };

  const worker: MailQueueWorker = {
    start: () => {
      if (timer || closed) return;
      workers.add(worker);
      timer = setInterval(() => {
        if (running) return;
        drain().catch((error: unknown) => log.warn({ err: error }, "mail queue poll failed"));
      }, options.pollMs ?? MAIL_QUEUE_POLL_MS);
      timer.unref();
    },
    drain,
    // A clean stop sends what is due first; rows it cannot send stay for the next start.
    close: async () => {
      closed = true;
      clearInterval(timer);
      workers.delete(worker);
      await drain().catch((error: unknown) => log.warn({ err: error }, "mail queue drain failed"));
    },
  };
  return worker;
};
