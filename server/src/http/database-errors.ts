// Node socket errors and PostgreSQL SQLSTATE classes that mean "the database is not
// reachable right now" (as opposed to a bug in a query): these answer 503.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);
// 25006: a write that reached a server no longer (or not yet) the primary, as during a
// failover (docs/production.md): a passing state like the others.
const UNAVAILABLE_SQLSTATE = /^(08|53|57P|25006$)/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

/** True when `error` (or its cause chain) says the database cannot be reached. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    if (typeof e !== "object") return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = cause;
  }
  return false;
};

// SQLSTATEs of values PostgreSQL cannot store as given: a NUL character in text (22021,
// 22P05 in jsonb) or a value too long for its column (22001). They come from the caller's
// input, so they answer 400 instead of 500.
const INPUT_SQLSTATE = new Set(["22021", "22P05", "22001"]);

/** True when `error` (or its cause chain) is PostgreSQL refusing an input value. */
export const isInputRejectedByDatabase = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    if (typeof e !== "object") return false;
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && INPUT_SQLSTATE.has(code)) return true;
    e = cause;
  }
  return false;
};

/**
 * True when `error` (or its cause chain) is a unique constraint refusing a write (23505):
 * two requests claimed the same value at once, the later one lost. Callers answer that
 * with their own coded error; the transaction it happened in is rolled back whole.
 */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    if (typeof e !== "object") return false;
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (code === "23505") return true;
    e = cause;
  }
  return false;
};
