import { API_ROUTES } from "@portal/contracts";
import { validateRegistration } from "@portal/core";
import { apiErrors } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { answerAfterIdentityPush } from "../http/identity-push.js";
import { requestLanguage } from "../http/request-language.js";
import { enforceLimits } from "../persons/abuse-limits.js";
import { confirmMailToken } from "../persons/confirm-mail.js";
import { requestOptInResend, requireMailAddressFormat } from "../persons/queued-mails.js";
import { registerPerson } from "./registration.js";

/** Registration, opt-in confirmation (also of e-mail changes) and opt-in resend. */
export const registrationPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.register, async ({ body: payload, request }) => {
    await enforceLimits(deps.limiter, request, "register", payload.email);
    const errors = validateRegistration(payload);
    if (errors.length > 0) throw apiErrors(400, errors);
    await registerPerson(deps, payload, requestLanguage(request, payload.preferredLanguage));
    request.log.info("person registered");
  });

  apiRoute(app, deps, API_ROUTES.confirmMailAddress, async ({ body, request }) => {
    const personId = await confirmMailToken(
      deps,
      body.confirmationToken,
      request.headers["user-agent"],
      request.log,
    );
    // The page's next step is a sign-in (with the new address): in Keycloak mode the answer
    // waits, bounded, for the person's user to be there (http/identity-push.ts).
    answerAfterIdentityPush(request, personId);
  });

  // Same answer, and the same work, whether or not the address has an (unconfirmed) account.
  apiRoute(app, deps, API_ROUTES.resendOptInMail, async ({ body, request }) => {
    requireMailAddressFormat(body.email);
    await requestOptInResend(deps, request, body.email);
  });
};
