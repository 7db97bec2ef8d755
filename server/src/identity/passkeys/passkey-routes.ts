import { API_ROUTES, type Passkey } from "@portal/contracts";
import { isUuid } from "@portal/core";
import type { PasskeyRow } from "../../db/schema/passkeys.js";
import { apiError } from "../../http/api-error.js";
import { apiRoute } from "../../http/api-route.js";
import type { PortalPlugin } from "../../http/app-deps.js";
import { cleanPasskeyName, passkeysInUse, renamePasskey } from "./passkey-store.js";

// The person's own passkeys for the security page: list and rename. Registration and
// removal run at the identity provider (application-initiated actions), as Keycloak does.

const view = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  passwordless: row.passwordless,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** `GET /persons/me/passkeys` and `PATCH /persons/me/passkeys/{passkeyId}`. */
export const passkeyPlugin: PortalPlugin = async (app, { deps }) => {
  const { db } = deps.database;

  apiRoute(app, deps, API_ROUTES.getPasskeys, async ({ caller: { person } }) =>
    // Suspended ones are listed for review (suspended-factor-routes.ts), not as in use.
    (await passkeysInUse(db, person.id)).map(view),
  );

  apiRoute(app, deps, API_ROUTES.renamePasskey, async ({ caller: { person }, params, body }) => {
    const name = cleanPasskeyName(body.name);
    if (!name) throw apiError(400, "FIELD_EMPTY", "name");
    // Someone else's passkey, or none: the same answer.
    const id = params.passkeyId ?? "";
    if (!isUuid(id)) throw apiError(404, "NOT_FOUND");
    const row = await renamePasskey(db, person.id, id.toLowerCase(), name);
    if (!row) throw apiError(404, "NOT_FOUND");
    return view(row);
  });
};
