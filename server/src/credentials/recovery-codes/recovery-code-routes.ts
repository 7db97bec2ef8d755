import type { RouteHandlers } from "../../http/api-route-table.js";
import type { AppDeps } from "../../http/app-deps.js";

/**
 * `GET /persons/me/recovery-codes`: how many of the person's recovery codes are left, from
 * the portal's tables or Keycloak's credential, as the deployment signs people in.
 */
export const recoveryCodeRoutes = (deps: AppDeps): RouteHandlers<"getRecoveryCodes"> => ({
  getRecoveryCodes: ({ caller: { person } }) => deps.factors.recoveryCodes(person.id),
});
