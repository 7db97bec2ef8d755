import { RESEND_COOLDOWN_SECONDS } from "@portal/core";
import type { Limiter } from "../http/app-deps.js";
import { enforceRateLimit } from "../http/rate-limit-guard.js";

/** The mails a person can ask for again, each with a wait of its own. */
export type ResentMail = "opt-in" | "email-change" | "deletion";

/**
 * The server's half of the resend button's wait (issue 46: a reload lifted the web app's
 * countdown, four mails in ten seconds): one mail of a kind per target per
 * RESEND_COOLDOWN_SECONDS, any other ask in that time 429 TOO_MANY_REQUESTS with
 * Retry-After. A budget of one in the shared limiter (one atomic upsert in the database,
 * or Redis), so parallel asks on any process let exactly one through. The target is an
 * address (normalised) for the public opt-in resend (counted alike whether or not it has an account)
 * and the person's id where the person is signed in. Checked before the hourly budgets,
 * so a refused ask does not spend them.
 *
 * @example
 * await enforceResendCooldown(deps.limiter, "email-change", person.id);
 */
export const enforceResendCooldown = (
  limiter: Limiter,
  mail: ResentMail,
  target: string,
): Promise<void> =>
  enforceRateLimit(limiter, `resend-cooldown:${mail}:${target}`, {
    limit: 1,
    windowSeconds: RESEND_COOLDOWN_SECONDS,
  });
