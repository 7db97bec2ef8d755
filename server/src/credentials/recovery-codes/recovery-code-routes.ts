import { API_ROUTES } from "@portal/contracts";
import { apiRoute } from "../../http/api-route.js";
import type { PortalPlugin } from "../../http/app-deps.js";

/**
 * `GET /persons/me/recovery-codes`: how many of the person's recovery codes are left, from
 * the portal's tables or Keycloak's credential, as the deployment signs people in.
 */
export const recoveryCodesPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.getRecoveryCodes, ({ caller: { person } }) =>
    deps.factors.recoveryCodes(person.id),
  );
};
