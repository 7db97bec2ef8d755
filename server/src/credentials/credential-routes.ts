import { apiRouteTable } from "../http/api-route-table.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { passkeyRoutes } from "./passkeys/passkey-routes.js";
import { recoveryCodeRoutes } from "./recovery-codes/recovery-code-routes.js";
import { rememberedDeviceRoutes } from "./remembered-devices/remembered-device-routes.js";
import { suspendedFactorRoutes } from "./suspended-factors/suspended-factor-routes.js";

/**
 * The person's credentials on the security page, `/persons/me/...`: passkeys (list,
 * rename, the browser's signals, the upgrade setting), recovery codes left, remembered
 * devices and the factors "This wasn't me" suspended. One table of the contracts' route
 * names and their handlers, registered in one loop. Adding, removing and renaming a factor
 * run at the identity provider (application-initiated actions), as Keycloak does.
 */
export const credentialsPlugin: PortalPlugin = async (app, { deps }) => {
  apiRouteTable(app, deps, {
    ...passkeyRoutes(deps),
    ...recoveryCodeRoutes(deps),
    ...rememberedDeviceRoutes(deps),
    ...suspendedFactorRoutes(deps),
  });
};
