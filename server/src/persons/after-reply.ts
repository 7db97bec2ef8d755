import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { drainMailQueues } from "../mail/mail-queue.js";

// Work of every app in this process that has not finished yet (see settledAfterReply).
const inFlight = new Set<Promise<void>>();

/**
 * Runs work a route must not be timed by: the answer goes out first, then `work` runs, so
 * a caller sees the same answer after the same time whether or not an account exists
 * (password forgotten, resend opt-in). Failures are logged; closing the server waits for
 * work still running.
 *
 * @example
 * const later = afterReply(app);
 * later(request, reply, "password-reset mail", async () => { ... });
 */
export const afterReply = (
  app: FastifyInstance,
): ((
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  work: () => Promise<void>,
) => void) => {
  const pending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...pending]);
  });
  return (request, reply, what, work) => {
    // Only once the answer is out: an in-process database (PGlite) would otherwise hold the
    // event loop while the answer is still being written, and the time would tell.
    const sent = new Promise<void>((resolve) => {
      if (reply.raw.writableFinished) resolve();
      reply.raw.once("finish", () => resolve());
      reply.raw.once("close", () => resolve());
    });
    const run: Promise<void> = sent
      .then(work)
      .catch((error: unknown) => request.log.error({ err: error }, `${what} failed`))
      .finally(() => {
        pending.delete(run);
        inFlight.delete(run);
      });
    pending.add(run);
    inFlight.add(run);
  };
};

/**
 * Resolves once the after-reply work of this process has been done; queued mails stay queued
 * (tests check what a call left behind before the worker takes it).
 */
export const afterReplyWorkDone = async (): Promise<void> => {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
};

/**
 * Resolves once the after-reply work and the queued mails of this process have been done:
 * in-process tests await it before they read the mails such a call sends.
 */
export const settledAfterReply = async (): Promise<void> => {
  await afterReplyWorkDone();
  await drainMailQueues();
};
