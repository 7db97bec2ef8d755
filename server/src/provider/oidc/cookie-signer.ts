import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";

/** What Koa's cookies call to sign and check the provider's cookies (Keygrip's methods). */
export interface CookieSigner {
  sign(data: string): string;
  verify(data: string, digest: string): boolean;
  /** The index of the key that signed `data` as `digest`, or -1. */
  index(data: string, digest: string): number;
}

/**
 * The provider's cookie signatures as Keygrip makes them (HMAC-SHA1 under the first key,
 * base64url), so cookies signed before still verify, and a rotated-out key still checks. The
 * check compares with `timingSafeEqual`: Keygrip's comparison HMACs both sides again under a
 * fresh random key, two HMACs more for every signed cookie read, about 5 % of a password
 * sign-in's main thread (issue 48). oidc-provider takes any such object as `cookies.keys`.
 */
export const cookieSigner = (keys: readonly string[]): CookieSigner => {
  if (keys.length === 0) throw new Error("the provider's cookies need at least one key");
  // Key objects made once: `createHmac` prepares a raw key anew on every call (keyed-hash.ts).
  const keyObjects = keys.map((key) => createSecretKey(Buffer.from(key)));
  const sign = (data: string, key: KeyObject) =>
    createHmac("sha1", key).update(data).digest("base64url");
  const index = (data: string, digest: string) => {
    const given = Buffer.from(digest);
    return keyObjects.findIndex((key) => {
      const expected = Buffer.from(sign(data, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  };
  return {
    sign: (data) => sign(data, keyObjects[0] as KeyObject),
    verify: (data, digest) => index(data, digest) > -1,
    index,
  };
};
