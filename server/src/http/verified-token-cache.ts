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

/** Characters of a token's end that key its entry: 192 bits of its signature. */
const KEY_CHARS = 32;

export const createVerifiedTokenCache = <T>(
  options: VerifiedTokenCacheOptions,
): VerifiedTokenCache<T> => {
  // A Map iterates in insertion order: the first key is the oldest entry. Keyed by the
  // token's last characters (its signature's), compared in full on a hit: V8 hashes a Map's
  // string key anew for each request's new string, and over a whole token that was 3 % of a
  // `GET /persons/me`'s CPU; comparing the stored token is a memory compare.
  const entries = new Map<
    string,
    { readonly token: string; readonly value: T; readonly until: number }
  >();
  const keyOf = (token: string) => token.slice(-KEY_CHARS);
  return {
    get: (token, nowMs) => {
      const key = keyOf(token);
      const hit = entries.get(key);
      if (!hit || hit.token !== token) return undefined;
      if (nowMs >= hit.until) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set: (token, value, expiresAtMs, nowMs) => {
      const until = Math.min(expiresAtMs, nowMs + options.maxAgeMs);
      if (until <= nowMs || options.maxEntries <= 0) return;
      const key = keyOf(token);
      entries.delete(key);
      while (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(key, { token, value, until });
    },
    get size() {
      return entries.size;
    },
  };
};
