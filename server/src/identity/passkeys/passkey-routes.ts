import { API_ROUTES } from "@portal/contracts";
import { isUuid } from "@portal/core";
import { apiError } from "../../http/api-error.js";
import { apiRoute } from "../../http/api-route.js";
import type { PortalPlugin } from "../../http/app-deps.js";
import { isEmbeddedIssuer } from "../identity-plugin.js";
import { passkeyView } from "../portal-factors.js";
import { cleanPasskeyName, passkeysOf, renamePasskey } from "./passkey-store.js";
import { passkeyDisplayName, passkeyUserId } from "./passkey-user.js";
import { relyingParty } from "./relying-party.js";

// The person's own passkeys for the security page: list and rename, and what the web app
// tells the browser's passkey provider about them (WebAuthn Signal API, issue 49).
// Registration and removal run at the identity provider (application-initiated actions),
// as Keycloak does.

/**
 * `GET /persons/me/passkeys`, `PATCH /persons/me/passkeys/{passkeyId}` and
 * `GET /persons/me/passkey-signals`.
 */
export const passkeyPlugin: PortalPlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const { config } = deps;
  // The embedded provider's relying party; against Keycloak the passkeys are Keycloak's.
  const rp = isEmbeddedIssuer(config)
    ? relyingParty(config.publicUrl, config.associationName)
    : null;

  apiRoute(app, deps, API_ROUTES.getPasskeySignals, async ({ caller: { person } }) => {
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
  });

  // The portal's tables or Keycloak's credentials, as the deployment signs people in.
  apiRoute(app, deps, API_ROUTES.getPasskeys, ({ caller: { person } }) =>
    deps.factors.passkeys(person.id),
  );

  apiRoute(app, deps, API_ROUTES.renamePasskey, async ({ caller: { person }, params, body }) => {
    const name = cleanPasskeyName(body.name);
    if (!name) throw apiError(400, "FIELD_EMPTY", "name");
    // Someone else's passkey, or none: the same answer.
    const id = params.passkeyId ?? "";
    if (!isUuid(id)) throw apiError(404, "NOT_FOUND");
    const row = await renamePasskey(db, person.id, id.toLowerCase(), name);
    if (!row) throw apiError(404, "NOT_FOUND");
    return passkeyView(row);
  });
};
