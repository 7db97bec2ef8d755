import { and, eq, isNull } from "drizzle-orm";
import {
  hasSecondFactorPasskey,
  hasSuspendedFactor,
  newEmailCode,
} from "../../credentials/index.js";
import type { Db } from "../../db/client.js";
import { type MfaCredentialRow, mfaCredentials } from "../../db/schema/mfa-credentials.js";
import type { Flow } from "./flow.js";
import {
  emailCodeHash,
  readLoginState,
  takeEmailCodeTry,
  useUpEmailCode,
  writeLoginState,
} from "./login-state.js";

/** An e-mail code is valid this long (spec: 10 minutes). */
export const EMAIL_CODE_MINUTES = 10;
/** Wrong entries allowed for one e-mail code (then a new one is needed). */
export const EMAIL_CODE_MAX_TRIES = 5;
/** A new e-mail code can be requested this long after the last one at the earliest. */
export const EMAIL_CODE_RESEND_SECONDS = 30;

/** The person's second factor in use (not suspended); the app wins if both exist. */
export const secondFactorOf = async (
  db: Db,
  personId: string,
): Promise<MfaCredentialRow | undefined> => {
  const rows = await db
    .select()
    .from(mfaCredentials)
    .where(and(eq(mfaCredentials.personId, personId), isNull(mfaCredentials.suspendedAt)));
  return rows.find((r) => r.type === "AUTHENTICATOR_APP") ?? rows.find((r) => r.type === "EMAIL");
};

/**
 * The code the second-factor step asks for: the app's, or a mailed one (the person's
 * e-mail factor, or, while "This wasn't me" has suspended factors and none is in use, the
 * code that stands in for them: credentials/suspended-factors/suspended-factors.ts). Undefined: no
 * code is asked for.
 */
export type CodeFactor =
  | { readonly type: "AUTHENTICATOR_APP"; readonly credential: MfaCredentialRow }
  | { readonly type: "EMAIL"; readonly standsInForSuspended: boolean };

export const codeFactorOf = async (db: Db, personId: string): Promise<CodeFactor | undefined> => {
  const factor = await secondFactorOf(db, personId);
  if (factor?.type === "AUTHENTICATOR_APP") return { type: factor.type, credential: factor };
  if (factor) return { type: "EMAIL", standsInForSuspended: false };
  if (await hasSecondFactorPasskey(db, personId)) return undefined;
  return (await hasSuspendedFactor(db, personId))
    ? { type: "EMAIL", standsInForSuspended: true }
    : undefined;
};

/**
 * True when the person has any second factor: an app, an e-mail code or a passkey, in use
 * or suspended by "This wasn't me" (recovery codes back them up either way).
 */
export const hasSecondFactor = async (db: Db, personId: string): Promise<boolean> =>
  (await secondFactorOf(db, personId)) !== undefined ||
  (await hasSecondFactorPasskey(db, personId)) ||
  (await hasSuspendedFactor(db, personId));

/** Whether a new code may be sent now (at most one every 30 s). */
export const mayResendEmailCode = (flow: Flow): boolean => {
  const expires = flow.state?.emailCodeExpiresAt?.getTime();
  if (expires === undefined) return true;
  const sentAt = expires - EMAIL_CODE_MINUTES * 60_000;
  return flow.deps.clock.now().getTime() - sentAt >= EMAIL_CODE_RESEND_SECONDS * 1000;
};

/** Mails a new 6-digit code to the person; only its hash is kept, with 0 tries. */
export const sendEmailCode = async (
  flow: Flow,
  person: {
    readonly id: string;
    readonly email: string;
    readonly preferredLanguage: string | null;
  },
): Promise<void> => {
  const code = newEmailCode();
  await writeLoginState(
    flow.deps.db,
    flow.uid,
    person.id,
    {
      emailCodeHash: emailCodeHash(flow.uid, code),
      emailCodeExpiresAt: new Date(flow.deps.clock.now().getTime() + EMAIL_CODE_MINUTES * 60_000),
      emailCodeTries: 0,
    },
    flow.deps.clock.now(),
  );
  await flow.deps.mailer.send({
    to: person.email,
    template: "loginCode",
    language: flow.ctx.language,
    params: { code, minutes: EMAIL_CODE_MINUTES },
  });
};

export type EmailCodeCheck = "ok" | "invalid" | "expired" | "tooManyTries";

/**
 * Checks an e-mail code of this interaction: single use (cleared when accepted), valid 10
 * minutes, at most 5 entries. The try is counted before the comparison, in one statement
 * (login-state.ts), so parallel guesses cannot get past the limit.
 */
export const useEmailCode = async (flow: Flow, code: string): Promise<EmailCodeCheck> => {
  const state = flow.state;
  if (!state?.emailCodeHash || !state.emailCodeExpiresAt) return "expired";
  if (state.emailCodeExpiresAt <= flow.deps.clock.now()) return "expired";
  const taken = await takeEmailCodeTry(
    flow.deps.db,
    flow.uid,
    EMAIL_CODE_MAX_TRIES,
    flow.deps.clock.now(),
  );
  if (!taken) {
    const now = await readLoginState(flow.deps.db, flow.uid, flow.deps.clock.now());
    return now?.emailCodeHash && now.emailCodeTries >= EMAIL_CODE_MAX_TRIES
      ? "tooManyTries"
      : "expired";
  }
  if (emailCodeHash(flow.uid, code.trim()) === taken.hash) {
    // Two right entries at once: only one clears the code and signs in.
    return (await useUpEmailCode(flow.deps.db, flow.uid, taken.hash)) ? "ok" : "expired";
  }
  return taken.tries >= EMAIL_CODE_MAX_TRIES ? "tooManyTries" : "invalid";
};
