import type { SessionStatus } from "./identity-sessions.js";

/** Whether a token's session is open, as a verifier asks it on every call. */
export type OpenSessionCheck = (sid: string, personId: string, nowMs: number) => Promise<boolean>;

export interface OpenSessionCheckOptions {
  /** How long an answer holds: the most a session ended on another process is still honoured. */
  readonly maxAgeMs: number;
  /** Sessions remembered at once (the oldest goes first). */
  readonly maxEntries: number;
}

/**
 * Asks `status` whether a session is open, at most once per `maxAgeMs` per session, and
 * once for any number of calls arriving together: a busy client costs one indexed lookup
 * every few seconds, while a logout on any process shuts its tokens out within `maxAgeMs`.
 * An ended session stays ended (sessions never come back), so that answer is kept as long.
 *
 * @example
 * const isOpen = createOpenSessionCheck(createSessionStatus(db), { maxAgeMs: 2_000, maxEntries: 10_000 });
 * if (!(await isOpen(claims.sid, personId, Date.now()))) throw apiError(401, "UNAUTHORIZED");
 */
export const createOpenSessionCheck = (
  status: SessionStatus,
  options: OpenSessionCheckOptions,
): OpenSessionCheck => {
  // Insertion order: the first key is the oldest entry.
  const answers = new Map<string, { readonly open: Promise<boolean>; readonly until: number }>();
  return (sid, personId, nowMs) => {
    const key = `${personId}\u0000${sid}`;
    const hit = answers.get(key);
    if (hit && nowMs < hit.until) return hit.open;
    answers.delete(key);
    while (answers.size >= options.maxEntries) {
      const oldest = answers.keys().next();
      if (oldest.done) break;
      answers.delete(oldest.value);
    }
    const open = status.isOpen(sid, personId);
    // A failed lookup is not remembered: the next call asks again.
    open.catch(() => answers.delete(key));
    answers.set(key, { open, until: nowMs + options.maxAgeMs });
    return open;
  };
};
