import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type MfaCredentialRow, mfaCredentials } from "../db/schema/mfa-credentials.js";
import { openSecret, TOTP_SECRET } from "../security/sealed-secret.js";
import { acceptedStep } from "./totp.js";

/**
 * Accepts an authenticator-app code of `credential` once: the step is stored only if it
 * is newer than the last used one (one statement, so two parallel uses cannot both win).
 */
export const useTotpCode = async (
  db: Db,
  credential: MfaCredentialRow,
  code: string,
  now: Date,
): Promise<boolean> => {
  // Sealed at rest (security/sealed-secret.ts); one that does not open accepts no code.
  const secret = credential.secret && openSecret(TOTP_SECRET, credential.secret);
  if (!secret) return false;
  const step = acceptedStep(secret, code.trim(), credential.lastUsedStep, now.getTime());
  if (step === null) return false;
  const updated = await db
    .update(mfaCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(mfaCredentials.id, credential.id),
        or(isNull(mfaCredentials.lastUsedStep), lt(mfaCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ id: mfaCredentials.id });
  return updated.length === 1;
};
