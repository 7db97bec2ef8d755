import type { RememberedDevice } from "@portal/contracts";
import { isUuid } from "@portal/core";
import type { RememberedDeviceRow } from "../../db/schema/index.js";
import type { RouteHandlers } from "../../http/api-route-table.js";
import type { AppDeps } from "../../http/app-deps.js";
import {
  forgetRememberedDevice,
  rememberedDevicesOf,
  revokeRememberedDevices,
} from "./remembered-devices.js";

// The person's remembered devices on the security page: list, revoke one, revoke all. Set
// on the provider's second-factor step (provider/interactions/remembered-device-step.ts).

const view = (row: RememberedDeviceRow): RememberedDevice => ({
  id: row.id,
  browser: row.browser,
  os: row.os,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** `GET` and `DELETE /persons/me/remembered-devices[/{deviceId}]`. */
export const rememberedDeviceRoutes = (
  deps: AppDeps,
): RouteHandlers<"getRememberedDevices" | "forgetRememberedDevice" | "forgetRememberedDevices"> => {
  const { db } = deps.database;
  return {
    getRememberedDevices: async ({ caller: { person } }) =>
      (await rememberedDevicesOf(db, person.id, deps.clock.now())).map(view),

    // Idempotent like Keycloak's session sign-out: someone else's device, one already gone
    // or an id that names none answers the same 204, and nothing changes.
    forgetRememberedDevice: async ({ caller: { person }, params }) => {
      const id = params.deviceId ?? "";
      if (isUuid(id)) await forgetRememberedDevice(db, person.id, id.toLowerCase());
    },

    forgetRememberedDevices: async ({ caller: { person } }) => {
      await revokeRememberedDevices(db, person.id);
    },
  };
};
