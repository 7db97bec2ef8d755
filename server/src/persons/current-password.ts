import type { FastifyRequest } from "fastify";
import { recordSignInFailure } from "../activity/sign-in-events.js";
import { recordSuccess, reserveAttempt } from "../credentials/index.js";
import type { PersonRow } from "../db/schema/index.js";
import { ApiError, apiError } from "../http/api-error.js";
import type { AppDeps } from "../http/app-deps.js";
import { verifyPassword } from "../security/password-hash.js";

/**
 * Checks the current password a signed-in person typed (password change) against the
 * same per-address brute-force waits as the sign-in form: a bearer token must not turn
 * into a password-guessing oracle outside them. The attempt is counted before the check
 * in one statement (brute-force.ts), so parallel guesses cannot all be checked; while a
 * wait runs nothing is checked and the answer is 429 TOO_MANY_REQUESTS with Retry-After.
 * A wrong password answers 400 PASSWORD_INCORRECT and shows in the person's activity as
 * a failed attempt (as a wrong password at the provider's re-authentication does); the
 * right one ends the failures in a row.
 */
export const proveCurrentPassword = async (
  deps: AppDeps,
  request: Pick<FastifyRequest, "ip" | "headers">,
  person: Pick<PersonRow, "id" | "email" | "passwordHash">,
  password: string,
  // The field the refusal names: the password change's `oldPassword`, the restore's `password`.
  field = "oldPassword",
): Promise<void> => {
  const { db } = deps.database;
  const attempt = await reserveAttempt(db, person.email);
  if (!attempt.allowed) {
    throw new ApiError(429, [{ errorCode: "TOO_MANY_REQUESTS" }], {
      "retry-after": String(attempt.wait),
    });
  }
  if (!(await verifyPassword(person.passwordHash, password))) {
    await recordSignInFailure(db, person.id, {
      userAgent: request.headers["user-agent"],
      ip: request.ip,
    });
    throw apiError(400, "PASSWORD_INCORRECT", field);
  }
  await recordSuccess(db, person.email);
};
