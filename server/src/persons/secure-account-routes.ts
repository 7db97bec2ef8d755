import { API_ROUTES } from "@portal/contracts";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { enforceLimits } from "./abuse-limits.js";
import { secureAccount } from "./secure-account.js";

/**
 * "This wasn't me": `POST /persons/secure-account` (the alert's link; no sign-in) and
 * `POST /persons/me/secure-account` (the security page). Opening the link's page does
 * nothing (mail gateways open links): the page posts after the person's one click.
 */
export const secureAccountPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.secureAccountByToken, async ({ body, request }) => {
    // Counted before the token is looked at: guessing costs the budget as a click does.
    await enforceLimits(deps.limiter, request, "secure-account");
    await secureAccount(
      deps,
      { via: "link", token: body.secureToken },
      { userAgent: request.headers["user-agent"], log: request.log },
    );
    request.log.info("account secured by link");
  });

  apiRoute(app, deps, API_ROUTES.secureMyAccount, async ({ caller: { person }, request }) => {
    await enforceLimits(deps.limiter, request, "secure-account");
    await secureAccount(
      deps,
      { via: "signed-in", personId: person.id },
      { userAgent: request.headers["user-agent"], log: request.log },
    );
    request.log.info("account secured by its person");
  });
};
