/** Something a load test's own workers report, and the test waits on. */
export interface Progress {
  /** Called by a worker after each change a waiter may be waiting for. */
  changed(): void;
  /** Resolves once `test` holds: now, or after the change that makes it hold. */
  until(test: () => boolean): Promise<void>;
}

/**
 * Lets a test wait for its workers' progress (so many answers acknowledged, so many 503s)
 * on the workers' own reports instead of polling with a pause: it goes on at the very change
 * that reaches the mark, however busy the machine is.
 *
 * @example
 * const progress = createProgress();
 * // in a worker: acked += 1; progress.changed();
 * await progress.until(() => acked >= 20);
 */
export const createProgress = (): Progress => {
  const waiters = new Set<{ readonly test: () => boolean; readonly resolve: () => void }>();
  return {
    changed: () => {
      for (const waiter of [...waiters]) {
        if (!waiter.test()) continue;
        waiters.delete(waiter);
        waiter.resolve();
      }
    },
    until: (test) =>
      test() ? Promise.resolve() : new Promise((resolve) => waiters.add({ test, resolve })),
  };
};
