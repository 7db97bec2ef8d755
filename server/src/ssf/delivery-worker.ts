import type { Clock } from "@portal/core";
import { type BackgroundWorker, createBackgroundWorker } from "../clock/background-worker.js";
import type { Db } from "../db/client.js";
import { type DeliveryRun, deliverDue, giveUpExpired } from "./delivery.js";
import type { SetContext } from "./set-signer.js";

/** The delivery worker of one process (delivery.ts does the work). */
export type DeliveryWorker = BackgroundWorker<DeliveryRun>;

/** Expired rows are looked for at most this often (clock time). */
const GIVE_UP_SWEEP_MS = 60_000;

/**
 * One run at a time per process: on every nudge and every `pollMs` (retries after a back-off,
 * events queued on other processes or by the retention purge). The person's request never
 * waits for it: nudges run after the answer.
 *
 * @example
 * const worker = createDeliveryWorker({ db, clock, origins, sign, log, pollMs: 1000 });
 * worker.start();
 */
export const createDeliveryWorker = (options: {
  readonly db: Db;
  readonly clock: Clock;
  readonly origins: ReadonlyArray<string>;
  readonly sign: () => Promise<Omit<SetContext, "now">>;
  readonly log: { warn(object: object, message: string): void };
  readonly pollMs: number;
}): DeliveryWorker => {
  let lastSweep = Number.NEGATIVE_INFINITY;

  const runOnce = async (): Promise<DeliveryRun> => {
    const now = options.clock.now();
    let expired = 0;
    if (now.getTime() - lastSweep >= GIVE_UP_SWEEP_MS) {
      lastSweep = now.getTime();
      expired = await giveUpExpired(options.db, now);
      if (expired > 0) options.log.warn({ events: expired }, "SSF events given up");
    }
    const run = await deliverDue({
      db: options.db,
      origins: options.origins,
      sign: options.sign,
      now: () => options.clock.now(),
      onError: (error, attempts) =>
        options.log.warn({ err: error, attempts }, "SSF push failed; retried later"),
    });
    return { ...run, givenUp: run.givenUp + expired };
  };

  return createBackgroundWorker({
    run: runOnce,
    pollMs: options.pollMs,
    onFailure: (error) => options.log.warn({ err: error }, "SSF delivery run failed"),
  });
};
