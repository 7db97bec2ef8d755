/** Counts attempts per key in a window (counters shared by processes:
 * the database's or Redis's). */
export interface Limiter {
  consume(
    key: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ readonly allowed: boolean; readonly retryAfterSeconds: number }>;
}

/**
 * What `consume` throws when the shared counters cannot be reached (Redis down): the limited
 * action is refused, not let through uncounted (fail closed). The edge answers it with 503
 * BACKEND_ERROR and Retry-After (http/error-funnel.ts), not the 500 of an unexpected error,
 * which a client would retry at once.
 */
export class LimiterUnavailable extends Error {
  override readonly name = "LimiterUnavailable";
  constructor(
    /** Seconds a refused caller is told to wait. */
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super("rate limits unavailable", options);
  }
}
