import { isUuid } from "@portal/core";
import { isEmbeddedIssuer } from "../../config.js";
import { apiError } from "../../http/api-error.js";
import type { RouteHandlers } from "../../http/api-route-table.js";
import type { AppDeps } from "../../http/app-deps.js";
import { passkeyView } from "../portal-factors.js";
import { cleanPasskeyName, passkeysOf, renamePasskey } from "./passkey-store.js";
import { passkeyUpgradeWanted, setPasskeyUpgrade } from "./passkey-upgrade-setting.js";
import { passkeyDisplayName, passkeyUserId } from "./passkey-user.js";
import { relyingParty } from "./relying-party.js";

// The person's own passkeys for the security page: list and rename, and what the web app
// tells the browser's passkey provider about them (WebAuthn Signal API, issue 49).
// Registration and removal run at the identity provider (application-initiated actions),
// as Keycloak does.

/**
 * `GET /persons/me/passkeys`, `PATCH /persons/me/passkeys/{passkeyId}`,
 * `GET /persons/me/passkey-signals` and `GET`/`PUT /persons/me/passkey-upgrade`.
 */
export const passkeyRoutes = (
  deps: AppDeps,
): RouteHandlers<
  "getPasskeySignals" | "getPasskeys" | "getPasskeyUpgrade" | "setPasskeyUpgrade" | "renamePasskey"
> => {
  const { db } = deps.database;
  const { config } = deps;
  // The embedded provider's relying party; against Keycloak the passkeys are Keycloak's.
  const rp = isEmbeddedIssuer(config)
    ? relyingParty(config.publicUrl, config.associationName)
    : null;
  return {
    getPasskeySignals: async ({ caller: { person } }) => {
      if (!rp) return { signals: null };
      return {
        signals: {
          rpId: rp.id,
          userId: passkeyUserId(person.id),
          name: person.email,
          displayName: passkeyDisplayName(person),
          // Suspended ones too: kept, they sign in again, and a manager may drop what is left out.
          credentialIds: (await passkeysOf(db, person.id)).map((p) => p.credentialId),
        },
      };
    },

    // The portal's tables or Keycloak's credentials, as the deployment signs people in.
    getPasskeys: ({ caller: { person } }) => deps.factors.passkeys(person.id),

    // Stored in either mode (the web app shows it only where the upgrade happens).
    getPasskeyUpgrade: async ({ caller: { person } }) => {
      const enabled = await passkeyUpgradeWanted(db, person.id);
      if (enabled === undefined) throw apiError(404, "NOT_FOUND");
      return { enabled };
    },

    setPasskeyUpgrade: async ({ caller: { person }, body }) => {
      const enabled = await setPasskeyUpgrade(db, person.id, body.enabled);
      // Closed between the token check and the write: as a person deleted meanwhile.
      if (enabled === undefined) throw apiError(404, "NOT_FOUND");
      return { enabled };
    },

    renamePasskey: async ({ caller: { person }, params, body }) => {
      const name = cleanPasskeyName(body.name);
      if (!name) throw apiError(400, "FIELD_EMPTY", "name");
      // Someone else's passkey, or none: the same answer.
      const id = params.passkeyId ?? "";
      if (!isUuid(id)) throw apiError(404, "NOT_FOUND");
      const row = await renamePasskey(db, person.id, id.toLowerCase(), name);
      if (!row) throw apiError(404, "NOT_FOUND");
      return passkeyView(row);
    },
  };
};
