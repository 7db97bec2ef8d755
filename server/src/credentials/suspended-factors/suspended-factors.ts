/**
 * Second factors and passkeys suspended by "This wasn't me" (persons/secure-account.ts).
 * Whoever knew the password may have added an authenticator app or a passkey: securing
 * suspends every factor and passkey in its transaction, since which ones are the
 * intruder's cannot be told honestly (an alert's event says what happened, not who did
 * it). A suspended passkey signs nobody in; a suspended app is not asked for. Until none
 * is left suspended and active, the sign-in asks for a code mailed to the account's
 * address after the (new) password (provider/interactions/factors.ts). The person then keeps or
 * removes each one from the security page, seeing what it is, when and from which
 * browser it was set up. docs/security.md says why.
 */
import type { SuspendedFactor } from "@portal/contracts";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { parseUserAgent } from "../../activity/user-agent.js";
import type { Executor } from "../../db/client.js";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { type FactorOrigin, passkeys } from "../../db/schema/passkeys.js";

/** Where a factor is being set up: the browser and system of the request's User-Agent. */
export const factorOrigin = (userAgent: string | undefined): FactorOrigin => {
  const { browser, os } = parseUserAgent(userAgent);
  return { browser, os };
};

/** Suspends every factor and passkey of the person not suspended yet (securing's step). */
export const suspendFactors = async (tx: Executor, personId: string, now: Date): Promise<void> => {
  await tx
    .update(mfaCredentials)
    .set({ suspendedAt: now })
    .where(and(eq(mfaCredentials.personId, personId), isNull(mfaCredentials.suspendedAt)));
  await tx
    .update(passkeys)
    .set({ suspendedAt: now })
    .where(and(eq(passkeys.personId, personId), isNull(passkeys.suspendedAt)));
};

/** True while a factor or passkey of the person waits to be kept or removed. */
export const hasSuspendedFactor = async (db: Executor, personId: string): Promise<boolean> => {
  const [code] = await db
    .select({ id: mfaCredentials.id })
    .from(mfaCredentials)
    .where(and(eq(mfaCredentials.personId, personId), isNotNull(mfaCredentials.suspendedAt)))
    .limit(1);
  if (code) return true;
  const [key] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.personId, personId), isNotNull(passkeys.suspendedAt)))
    .limit(1);
  return key !== undefined;
};

const origin = (from: FactorOrigin | null): SuspendedFactor["createdFrom"] =>
  from ? { browser: from.browser, os: from.os } : null;

/** The person's suspended factors, oldest first: what each is, when and where it was set up. */
export const suspendedFactorsOf = async (
  db: Executor,
  personId: string,
): Promise<SuspendedFactor[]> => {
  const codes = await db
    .select()
    .from(mfaCredentials)
    .where(and(eq(mfaCredentials.personId, personId), isNotNull(mfaCredentials.suspendedAt)));
  const keys = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.personId, personId), isNotNull(passkeys.suspendedAt)));
  const listed: SuspendedFactor[] = [
    ...codes.map((c) => ({
      id: c.id,
      kind: c.type,
      name: null,
      createdAt: c.createdAt.toISOString(),
      createdFrom: origin(c.createdFrom),
      suspendedAt: (c.suspendedAt as Date).toISOString(),
    })),
    ...keys.map((k) => ({
      id: k.id,
      kind: "PASSKEY" as const,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      createdFrom: origin(k.createdFrom),
      suspendedAt: (k.suspendedAt as Date).toISOString(),
    })),
  ];
  return listed.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
};

/**
 * Lifts the suspension of the person's factor or passkey `id`, in one statement per table
 * (two clicks at once: one keeps it, the other finds nothing suspended). What was kept,
 * or undefined when nothing of the person's with that id was suspended.
 */
export const keepSuspendedFactor = async (
  db: Executor,
  personId: string,
  id: string,
): Promise<{ readonly factor: string } | undefined> => {
  const [code] = await db
    .update(mfaCredentials)
    .set({ suspendedAt: null })
    .where(
      and(
        eq(mfaCredentials.id, id),
        eq(mfaCredentials.personId, personId),
        isNotNull(mfaCredentials.suspendedAt),
      ),
    )
    .returning({ type: mfaCredentials.type });
  if (code) return { factor: code.type };
  const [key] = await db
    .update(passkeys)
    .set({ suspendedAt: null })
    .where(
      and(eq(passkeys.id, id), eq(passkeys.personId, personId), isNotNull(passkeys.suspendedAt)),
    )
    .returning({ id: passkeys.id });
  return key ? { factor: "passkey" } : undefined;
};
