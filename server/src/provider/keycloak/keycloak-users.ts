import type { KeycloakAdmin } from "./admin-client.js";
import { PERSON_ID_ATTRIBUTE } from "./session-revoker.js";

/** A Keycloak user as the admin API's search answers it (the part the portal reads). */
export interface KeycloakUser {
  readonly id: string;
  readonly attributes?: Readonly<Record<string, ReadonlyArray<string>>>;
}

/**
 * A credential of a Keycloak user as `GET /users/{id}/credentials` answers it (secret data
 * never comes back): `type` is Keycloak's (`password`, `otp`, `webauthn`,
 * `webauthn-passwordless`, `recovery-authn-codes`), `createdDate` milliseconds since 1970,
 * `credentialData` a JSON text of the type's own fields.
 */
export interface KeycloakCredential {
  readonly id: string;
  readonly type: string;
  readonly userLabel?: string;
  readonly createdDate?: number;
  readonly credentialData?: string;
}

/** The Keycloak users of a person (the search is by attribute; the value is checked exactly). */
export const usersOf = async (admin: KeycloakAdmin, personId: string): Promise<KeycloakUser[]> => {
  const query = new URLSearchParams({
    q: `${PERSON_ID_ATTRIBUTE}:${personId}`,
    briefRepresentation: "false",
  });
  const found = await admin.get<KeycloakUser[]>(`/users?${query}`);
  return found.filter((u) => u.attributes?.[PERSON_ID_ATTRIBUTE]?.includes(personId));
};

/** The admin API's path of a user. */
export const userPath = (user: Pick<KeycloakUser, "id">) => `/users/${encodeURIComponent(user.id)}`;

/** Every credential of a user, its password too. */
export const credentialsOf = (admin: KeycloakAdmin, user: KeycloakUser) =>
  admin.get<KeycloakCredential[]>(`${userPath(user)}/credentials`);

/** What a Keycloak credential type is to the person: the portal's names of second factors. */
export type FactorKind = "AUTHENTICATOR_APP" | "passkey" | "recovery-codes";

/**
 * Keycloak's credential types that are second factors (or sign in instead of the
 * password), by what they are to the person; `password` is none of them. Keycloak names
 * the recovery codes' type `recovery-authn-codes` (RecoveryAuthnCodesCredentialModel.TYPE).
 */
export const FACTOR_KINDS: Readonly<Record<string, FactorKind>> = {
  otp: "AUTHENTICATOR_APP",
  webauthn: "passkey",
  "webauthn-passwordless": "passkey",
  "recovery-authn-codes": "recovery-codes",
};
