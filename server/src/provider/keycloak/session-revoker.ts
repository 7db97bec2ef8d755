import type { SessionRevoker } from "../../http/identity-sessions.js";
import type { KeycloakAdmin } from "./admin-client.js";

/** The user attribute that holds the portal's person id (README: pointing at Keycloak). */
export const PERSON_ID_ATTRIBUTE = "cr_id";

interface KeycloakUser {
  readonly id: string;
  readonly attributes?: Readonly<Record<string, ReadonlyArray<string>>>;
}
interface KeycloakSession {
  readonly id: string;
}

/**
 * Ends a person's sign-ins in Keycloak, where they live when OIDC_ISSUER is Keycloak: the
 * embedded provider's revoker for that deployment. The person's Keycloak users are found
 * by the `cr_id` attribute (the search is by attribute; the answer is checked for the exact
 * value). Every session ends (`POST /users/{id}/logout`, refresh tokens with it), or, with
 * `exceptSessionId` (an access token's `sid`, Keycloak's user-session id), every session but
 * that one. A person Keycloak does not know has nothing to end. A failed call throws, so the
 * caller's answer says the step did not complete.
 *
 * @example
 * await createKeycloakSessionRevoker(admin).revokeAllForPerson(personId, claims.sid);
 */
export const createKeycloakSessionRevoker = (admin: KeycloakAdmin): SessionRevoker => ({
  async revokeAllForPerson(personId, exceptSessionId) {
    const query = new URLSearchParams({
      q: `${PERSON_ID_ATTRIBUTE}:${personId}`,
      briefRepresentation: "false",
    });
    const found = await admin.get<KeycloakUser[]>(`/users?${query}`);
    const users = found.filter((u) => u.attributes?.[PERSON_ID_ATTRIBUTE]?.includes(personId));
    for (const user of users) {
      const userPath = `/users/${encodeURIComponent(user.id)}`;
      if (!exceptSessionId) {
        await admin.send("POST", `${userPath}/logout`);
        continue;
      }
      const sessions = await admin.get<KeycloakSession[]>(`${userPath}/sessions`);
      for (const session of sessions.filter((s) => s.id !== exceptSessionId)) {
        await admin.send("DELETE", `/sessions/${encodeURIComponent(session.id)}`);
      }
    }
  },
});
