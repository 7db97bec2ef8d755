/** Counts attempts per key in a window (counters shared by processes:
 * the database's or Redis's). */
export interface Limiter {
  consume(
    key: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ readonly allowed: boolean; readonly retryAfterSeconds: number }>;
}
