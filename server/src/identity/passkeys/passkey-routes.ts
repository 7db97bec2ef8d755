import { API_ROUTES } from "@portal/contracts";
import { isUuid } from "@portal/core";
import { apiError } from "../../http/api-error.js";
import { apiRoute } from "../../http/api-route.js";
import type { PortalPlugin } from "../../http/app-deps.js";
import { passkeyView } from "../portal-factors.js";
import { cleanPasskeyName, renamePasskey } from "./passkey-store.js";

// The person's own passkeys for the security page: list and rename. Registration and
// removal run at the identity provider (application-initiated actions), as Keycloak does.

/** `GET /persons/me/passkeys` and `PATCH /persons/me/passkeys/{passkeyId}`. */
export const passkeyPlugin: PortalPlugin = async (app, { deps }) => {
  const { db } = deps.database;

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
