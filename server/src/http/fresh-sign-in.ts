import { FRESH_SIGN_IN_SECONDS, isFreshSignIn } from "@portal/core";
import { ApiError } from "./api-error.js";
import type { AuthenticatedUser } from "./auth.js";

/**
 * Refuses a sensitive change (a new e-mail address, a deletion request) unless the caller's
 * access token says the person signed in at most 5 minutes ago (`auth_time`, as Keycloak's
 * tokens carry it): 401 REAUTHENTICATION_REQUIRED with the challenge of RFC 9470
 * (`insufficient_user_authentication`, `max_age`), so the app signs in again and repeats.
 *
 * @example
 * requireFreshSignIn(caller.user, deps.clock.now());
 */
export const requireFreshSignIn = (user: AuthenticatedUser, now: Date): void => {
  if (isFreshSignIn(user.claims.auth_time, Math.floor(now.getTime() / 1000))) return;
  throw new ApiError(401, [{ errorCode: "REAUTHENTICATION_REQUIRED" }], {
    "www-authenticate": `Bearer error="insufficient_user_authentication", error_description="A more recent sign-in is required", max_age=${FRESH_SIGN_IN_SECONDS}`,
  });
};
