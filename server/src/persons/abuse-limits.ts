import { normaliseEmail } from "@portal/core";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../http/api-error.js";
import type { Limiter } from "../http/app-deps.js";
import { clientKey } from "../rate-limit/client-key.js";

/** Calls that mail someone, test credentials or tokens, and so can be abused. */
export type LimitedAction =
  | "register"
  | "resend"
  | "password-reset"
  | "password-reset-check"
  | "deletion-check"
  | "one-click-check"
  | "change-mail"
  | "membership"
  | "change-password"
  | "restore"
  | "secure-account";

interface Budget {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Per client (clientKey: an IPv6 client by its /64), and (when the call names one) per target e-mail or person. */
interface Budgets {
  readonly perClient: Budget;
  readonly perEmail?: Budget;
}

const HOUR = 3600;

/**
 * Per client address and per target e-mail: generous for people, tight for scripts.
 * A target e-mail gets few mails per hour whoever asks, so nobody can flood an inbox.
 */
export const ABUSE_LIMITS = {
  register: {
    perClient: { limit: 20, windowSeconds: HOUR },
    perEmail: { limit: 5, windowSeconds: HOUR },
  },
  resend: {
    perClient: { limit: 20, windowSeconds: HOUR },
    perEmail: { limit: 5, windowSeconds: HOUR },
  },
  "password-reset": {
    perClient: { limit: 20, windowSeconds: HOUR },
    perEmail: { limit: 5, windowSeconds: HOUR },
  },
  // Opening a reset link asks whether it still works: a read, per client only (a token
  // is 32 random bytes; this bounds what one client can ask).
  "password-reset-check": {
    perClient: { limit: 60, windowSeconds: HOUR },
  },
  // Opening a deletion link asks whose account it deletes, before the last click: the same
  // budget as the reset link's check.
  "deletion-check": {
    perClient: { limit: 60, windowSeconds: HOUR },
  },
  // Opening a one-click link (cancel or revert an e-mail change, secure or reopen the
  // account) asks whether it still works: the same budget as the other link checks.
  "one-click-check": {
    perClient: { limit: 60, windowSeconds: HOUR },
  },
  "change-mail": {
    perClient: { limit: 20, windowSeconds: HOUR },
    perEmail: { limit: 5, windowSeconds: HOUR },
  },
  // Membership credentials: per client and per person (the "e-mail" key is the person id).
  membership: {
    perClient: { limit: 30, windowSeconds: HOUR },
    perEmail: { limit: 10, windowSeconds: HOUR },
  },
  // The current password: per client only, since per address the sign-in's brute-force
  // waits apply (current-password.ts). Bounds the argon2 work one client can cause.
  "change-password": {
    perClient: { limit: 30, windowSeconds: HOUR },
  },
  // Restoring a closed account: a password (argon2 work, per address the sign-in's waits
  // apply too) and maybe a second-factor code: per client, and per account (the "e-mail"
  // key is the person id) so codes cannot be guessed from many clients.
  restore: {
    perClient: { limit: 20, windowSeconds: HOUR },
    perEmail: { limit: 10, windowSeconds: HOUR },
  },
  // "This wasn't me": each success mails and ends every sign-in; per client only (the
  // token, 32 random bytes, is the target, and a spent link answers like an unknown one).
  "secure-account": {
    perClient: { limit: 20, windowSeconds: HOUR },
  },
} as const satisfies Readonly<Record<LimitedAction, Budgets>>;

/**
 * Counts one attempt of `action` for the client address and the target, and refuses with
 * 429 TOO_MANY_REQUESTS (and retry-after) when either budget is spent.
 */
export const enforceLimits = async (
  limiter: Limiter,
  request: Pick<FastifyRequest, "ip">,
  action: LimitedAction,
  target?: string,
): Promise<void> => {
  const budgets: Budgets = ABUSE_LIMITS[action];
  const checks: Array<[string, Budget]> = [
    [`${action}:ip:${clientKey(request.ip)}`, budgets.perClient],
  ];
  if (target && budgets.perEmail) {
    checks.push([`${action}:to:${normaliseEmail(target)}`, budgets.perEmail]);
  }
  for (const [key, budget] of checks) {
    const result = await limiter.consume(key, budget.limit, budget.windowSeconds);
    if (!result.allowed) {
      throw new ApiError(429, [{ errorCode: "TOO_MANY_REQUESTS" }], {
        "retry-after": String(Math.max(1, Math.ceil(result.retryAfterSeconds))),
      });
    }
  }
};
