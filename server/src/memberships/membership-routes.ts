import { API_ROUTES, type RegisterMembershipResponse } from "@portal/contracts";
import { isNumeric } from "@portal/core";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { enforceLimits } from "../persons/abuse-limits.js";
import { checkMembership, membershipFailureStatus } from "./membership-check.js";
import { linkMembership } from "./membership-link.js";

/** `POST /persons/me/register-mitgliedskennung`: link membership credentials to the account. */
export const membershipPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(
    app,
    deps,
    API_ROUTES.registerMembership,
    async ({ caller: { person }, body, request }) => {
      if (!body.mitgliedskennung.trim() || !body.personalPassword || !body.generalPassword) {
        throw apiError(400, "CTO_ZUGANGSDATEN_INVALID");
      }
      if (!isNumeric(body.mitgliedskennung.trim())) {
        throw apiError(400, "INVALID_MEMBER_USER_ID", "mitgliedskennung");
      }
      // Guessing passwords is the abuse here: per client and per person.
      await enforceLimits(deps.limiter, request, "membership", person.id);
      const now = deps.clock.now();
      const checked = await checkMembership(deps.database.db, body, now, person.id);
      if (!checked.ok) throw apiError(membershipFailureStatus(checked.error), checked.error);
      const membership = checked.value;
      const linked = await deps.database.transaction((tx) =>
        linkMembership(tx, membership, person.id, now),
      );
      if (!linked) throw apiError(409, "MITGLIEDSKENNUNG_ALREADY_REGISTERED");
      request.log.info("membership linked");
      return {
        memberNumber: membership.memberNumber,
        mitgliedskennung: membership.mitgliedskennung,
      } satisfies RegisterMembershipResponse;
    },
  );
};
