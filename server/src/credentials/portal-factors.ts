import type { MfaCredential, Passkey } from "@portal/contracts";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { mfaCredentials, type PasskeyRow } from "../db/schema/index.js";
import type { PersonFactors } from "../http/person-factors.js";
import { providerIcon } from "./passkeys/passkey-names.js";
import { passkeysInUse } from "./passkeys/passkey-store.js";
import { recoveryCodeStatus } from "./recovery-codes/recovery-codes.js";

/** A passkey row as the security page lists it. */
export const passkeyView = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  passwordless: row.passwordless,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  credentialId: row.credentialId,
  ...iconOf(row.name),
});

// The provider's icon where the AAGUID list has one (passkeys/passkey-names.ts).
const iconOf = (name: string): { readonly icon?: string } => {
  const icon = providerIcon(name);
  return icon ? { icon } : {};
};

/**
 * The second factors as the embedded provider keeps them, in the portal's tables
 * (`mfa_credentials`, `passkeys`, `recovery_codes`). Suspended ones ("This wasn't me") are
 * listed for review (`GET /persons/me/suspended-factors`), not as in use.
 *
 * @example
 * const factors = createPortalFactors(db);
 * await factors.credentials(personId); // [{ type: "AUTHENTICATOR_APP", credentialId: "…" }]
 */
export const createPortalFactors = (db: Db): PersonFactors => ({
  credentials: async (personId) => {
    const rows = await db
      .select({ id: mfaCredentials.id, type: mfaCredentials.type })
      .from(mfaCredentials)
      .where(and(eq(mfaCredentials.personId, personId), isNull(mfaCredentials.suspendedAt)))
      .orderBy(asc(mfaCredentials.createdAt));
    return rows.map((r) => ({ type: r.type, credentialId: r.id }) satisfies MfaCredential);
  },
  passkeys: async (personId) => (await passkeysInUse(db, personId)).map(passkeyView),
  recoveryCodes: async (personId) => {
    const status = await recoveryCodeStatus(db, personId);
    return {
      remaining: status.remaining,
      total: status.total,
      createdAt: status.createdAt?.toISOString() ?? null,
    };
  },
});
