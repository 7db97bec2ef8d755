import type { Passkey, RecoveryCodesStatus } from "@portal/contracts";
import { UNNAMED_PASSKEY } from "@portal/core";
import { apiError } from "../../http/api-error.js";
import type { PersonFactors } from "../../http/person-factors.js";
import type { KeycloakAdmin } from "./admin-client.js";
import { credentialsOf, FACTOR_KINDS, type KeycloakCredential, usersOf } from "./keycloak-users.js";

const iso = (millis: number | undefined) => new Date(millis ?? 0).toISOString();

const byCreation = (a: KeycloakCredential, b: KeycloakCredential) =>
  (a.createdDate ?? 0) - (b.createdDate ?? 0);

/** The JSON of a credential's `credentialData`, or an empty object when it is none. */
const dataOf = (credential: KeycloakCredential): Record<string, unknown> => {
  try {
    const data: unknown = JSON.parse(credential.credentialData ?? "{}");
    return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const count = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * A recovery-code set's count. Keycloak 26 keeps `remaining` and `total` in the credential's
 * data (RecoveryAuthnCodesCredentialData); an older set without `total` counts as whole.
 */
const recoveryStatus = (credential: KeycloakCredential): RecoveryCodesStatus => {
  const data = dataOf(credential);
  const remaining = count(data.remaining) ?? count(data.remainingCodes) ?? 0;
  const total = count(data.total) ?? count(data.totalCodes) ?? remaining;
  return { remaining, total, createdAt: iso(credential.createdDate) };
};

/** A Keycloak WebAuthn credential as the security page lists a passkey. */
const passkeyOf = (credential: KeycloakCredential): Passkey => ({
  id: credential.id,
  // Keycloak asks for a label at registration; one left empty is named in the reader's language.
  name: credential.userLabel?.trim() || UNNAMED_PASSKEY,
  // Keycloak's two WebAuthn types: `webauthn` is asked for after the password only.
  passwordless: credential.type === "webauthn-passwordless",
  createdAt: iso(credential.createdDate),
  // Keycloak records no use of a credential.
  lastUsedAt: null,
});

/**
 * The second factors of a person in Keycloak mode: the credentials of the person's
 * Keycloak user(s) (found by `cr_id`, as the user sync made them), read through the admin
 * API as `portal-support` (`view-users`). `otp` is the authenticator app, `webauthn` and
 * `webauthn-passwordless` passkeys, `recovery-authn-codes` the recovery codes; a person not
 * in Keycloak (yet) has none. Keycloak unreachable or refusing: 503 BACKEND_ERROR, never an
 * empty list that would read as "off".
 *
 * @example
 * const factors = createKeycloakFactors(admin);
 * await factors.passkeys(personId); // [{ id: "…", name: "Laptop", passwordless: true, … }]
 */
export const createKeycloakFactors = (admin: KeycloakAdmin): PersonFactors => {
  const factorsOf = async (personId: string): Promise<KeycloakCredential[]> => {
    try {
      const users = await usersOf(admin, personId);
      const lists = await Promise.all(users.map((user) => credentialsOf(admin, user)));
      return lists
        .flat()
        .filter((c) => FACTOR_KINDS[c.type] !== undefined)
        .sort(byCreation);
    } catch {
      throw apiError(503, "BACKEND_ERROR");
    }
  };
  return {
    credentials: async (personId) =>
      (await factorsOf(personId))
        .filter((c) => FACTOR_KINDS[c.type] === "AUTHENTICATOR_APP")
        .map((c) => ({ type: "AUTHENTICATOR_APP", credentialId: c.id })),
    passkeys: async (personId) =>
      (await factorsOf(personId)).filter((c) => FACTOR_KINDS[c.type] === "passkey").map(passkeyOf),
    recoveryCodes: async (personId) => {
      // Keycloak keeps one set per user; a new set replaces it.
      const set = (await factorsOf(personId))
        .filter((c) => FACTOR_KINDS[c.type] === "recovery-codes")
        .at(-1);
      return set ? recoveryStatus(set) : { remaining: 0, total: 0, createdAt: null };
    },
  };
};
