import { API_ROUTES, type RecoveryCodesStatus } from "@portal/contracts";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { recoveryCodeStatus } from "./recovery-codes.js";

/** `GET /persons/me/recovery-codes`: how many of the person's recovery codes are left. */
export const recoveryCodesPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.getRecoveryCodes, async ({ caller: { person } }) => {
    const status = await recoveryCodeStatus(deps.database.db, person.id);
    return {
      remaining: status.remaining,
      total: status.total,
      createdAt: status.createdAt?.toISOString() ?? null,
    } satisfies RecoveryCodesStatus;
  });
};
