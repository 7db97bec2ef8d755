import { FRESH_SIGN_IN_SECONDS } from "./constants.js";

// Whether a sign-in is recent enough for a sensitive change (spec issue 18: removing a
// factor or passkey, new recovery codes, a new e-mail address, a deletion request). The
// server asks it of the access token's `auth_time`, the web app asks it before such a call
// so it can sign in again first, and the provider asks it before an application-initiated
// action: one rule, one number (FRESH_SIGN_IN_SECONDS).

/**
 * True when `authTime` (seconds since the epoch, the token's `auth_time`) lies at most
 * {@link FRESH_SIGN_IN_SECONDS} before `nowSeconds`. A missing or non-numeric value is
 * never fresh: a token that does not say when its sign-in was cannot vouch for one.
 *
 * @example
 * isFreshSignIn(1_000, 1_200); // true
 * isFreshSignIn(1_000, 1_400); // false (400 s ago)
 * isFreshSignIn(undefined, 1_000); // false
 */
export const isFreshSignIn = (authTime: unknown, nowSeconds: number): boolean =>
  typeof authTime === "number" &&
  Number.isFinite(authTime) &&
  nowSeconds - authTime <= FRESH_SIGN_IN_SECONDS;
