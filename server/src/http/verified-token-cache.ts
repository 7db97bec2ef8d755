/**
 * Bearer tokens already verified, so a client that calls the API many times with one
 * access token pays the RSA signature check once (it was the largest cost of an
 * authenticated read). Bounded in size (the oldest entry goes first) and in age: an entry
 * lives until the token expires, at most `maxAgeMs`, so a key withdrawn from the issuer's
 * key set stops being honoured soon after.
 */
export interface VerifiedTokenCache<T> {
  get(token: string, nowMs: number): T | undefined;
  /** Remembers a verified token; `expiresAtMs` is the token's own expiry (claim exp). */
  set(token: string, value: T, expiresAtMs: number, nowMs: number): void;
  readonly size: number;
}

export interface VerifiedTokenCacheOptions {
  readonly maxEntries: number;
  readonly maxAgeMs: number;
}

export const createVerifiedTokenCache = <T>(
  options: VerifiedTokenCacheOptions,
): VerifiedTokenCache<T> => {
  // A Map iterates in insertion order: the first key is the oldest entry.
  const entries = new Map<string, { readonly value: T; readonly until: number }>();
  return {
    get: (token, nowMs) => {
      const hit = entries.get(token);
      if (!hit) return undefined;
      if (nowMs >= hit.until) {
        entries.delete(token);
        return undefined;
      }
      return hit.value;
    },
    set: (token, value, expiresAtMs, nowMs) => {
      const until = Math.min(expiresAtMs, nowMs + options.maxAgeMs);
      if (until <= nowMs || options.maxEntries <= 0) return;
      entries.delete(token);
      while (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(token, { value, until });
    },
    get size() {
      return entries.size;
    },
  };
};
