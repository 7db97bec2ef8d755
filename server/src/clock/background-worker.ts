/**
 * The loop of a process's background worker (the Keycloak user sync, the Shared Signals
 * delivery, the copy of Keycloak's sign-ins): one run at a time, on every nudge and every
 * `pollMs`; a nudge during a run asks for one more after it, so a change written meanwhile
 * is not left for the next tick. The timer never keeps the process alive, and `close` waits
 * for a run under way.
 */

/** A worker of one process. */
export interface BackgroundWorker<R> {
  /** Runs soon (something to do was just written); a run under way is followed by another. */
  nudge(): void;
  /** Runs now; a run under way is waited for first. */
  drain(): Promise<R>;
  /** Runs `job` in place of a run, one at a time with the worker's own (e.g. for one person). */
  exclusive(job: () => Promise<R>): Promise<R>;
  /** True once `close` was called. */
  readonly closed: boolean;
  start(): void;
  close(): Promise<void>;
}

/**
 * @example
 * const worker = createBackgroundWorker({ run: () => syncDueUsers(...), pollMs: 5000, onFailure: (err) => log.warn({ err }, "sync failed") });
 * worker.start();
 */
export const createBackgroundWorker = <R>(options: {
  readonly run: () => Promise<R>;
  readonly pollMs: number;
  /** A run that threw: logged by the caller, tried again on the next nudge or tick. */
  readonly onFailure: (error: unknown) => void;
}): BackgroundWorker<R> => {
  let running: Promise<R> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const exclusive = async (job: () => Promise<R>): Promise<R> => {
    while (running) await running.catch(() => undefined);
    running = job().finally(() => {
      running = undefined;
    });
    return running;
  };
  const drain = () => exclusive(options.run);

  const background = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    drain()
      .catch(options.onFailure)
      .finally(() => {
        if (again) background();
      });
  };

  return {
    nudge: background,
    drain,
    exclusive,
    get closed() {
      return closed;
    },
    start: () => {
      if (timer || closed) return;
      timer = setInterval(background, options.pollMs);
      timer.unref();
      background();
    },
    close: async () => {
      closed = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};
