/** Milliseconds a Redis command may take before the limiter gives up on it (fail closed). */
export const REDIS_COMMAND_DEADLINE_MS = 2_000;

/**
 * `work`, or a rejection once `ms` have passed without its answer. A Redis that hangs (it
 * accepts the connection, or had it, and answers nothing) would otherwise hold every
 * rate-limited request until the balancer's own timeout. Not ioredis's commandTimeout: a
 * busy process runs its due timers before it reads its sockets, so a timer alone refused
 * answers that were already there (seen on the loaded cluster machine with a 2 s one). Here
 * the deadline waits one more turn of the event loop, in which the sockets are read, and
 * rejects only if the answer is still missing then.
 *
 * @example
 * const reply = await withDeadline(redis.eval(...), REDIS_COMMAND_DEADLINE_MS);
 */
export const withDeadline = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      then();
    };
    const timer = setTimeout(() => {
      setImmediate(() => settle(() => reject(new Error(`Redis did not answer within ${ms} ms`))));
    }, ms);
    work.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
