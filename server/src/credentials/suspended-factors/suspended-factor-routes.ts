import { isUuid } from "@portal/core";
import { recordSecurityEvent } from "../../activity/security-events.js";
import { apiError } from "../../http/api-error.js";
import type { RouteHandlers } from "../../http/api-route-table.js";
import type { AppDeps } from "../../http/app-deps.js";
import { requireFreshSignIn } from "../../http/fresh-sign-in.js";
import { keepSuspendedFactor, suspendedFactorsOf } from "./suspended-factors.js";

/**
 * `GET /persons/me/suspended-factors` and `POST .../{factorId}/keep`: the review after "This
 * wasn't me". Keeping one lets it sign in again, so it asks for a sign-in of the last 5
 * minutes as removing one does; removal is the provider's `delete_credential:{id}`.
 */
export const suspendedFactorRoutes = (
  deps: AppDeps,
): RouteHandlers<"getSuspendedFactors" | "keepSuspendedFactor"> => {
  const { db } = deps.database;
  return {
    getSuspendedFactors: async ({ caller: { person } }) => suspendedFactorsOf(db, person.id),

    keepSuspendedFactor: async ({ caller: { user, person }, params }) => {
      const now = deps.clock.now();
      requireFreshSignIn(user, now);
      // Someone else's factor, one in use or gone, or no id at all: the same answer.
      const id = params.factorId ?? "";
      const kept = isUuid(id)
        ? await keepSuspendedFactor(db, person.id, id.toLowerCase())
        : undefined;
      if (!kept) throw apiError(404, "NOT_FOUND");
      await recordSecurityEvent(db, person.id, "factor-kept", { factor: kept.factor }, now);
    },
  };
};
