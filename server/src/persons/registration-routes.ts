import {
  API_ROUTES,
  ConfirmMailAddressRequest,
  EmailRequest,
  RegistrationPayload,
} from "@portal/contracts";
import { validateRegistration } from "@portal/core";
import type { PortalPlugin } from "../app-deps.js";
import { apiErrors } from "../http/api-error.js";
import { decodeRequest } from "../http/decode.js";
import { routePath } from "../http/route-path.js";
import { enforceLimits } from "./abuse-limits.js";
import { confirmMailToken } from "./confirm-mail.js";
import { requestOptInResend } from "./queued-mails.js";
import { registerPerson } from "./registration.js";

/** Registration, opt-in confirmation (also of e-mail changes) and opt-in resend. */
export const registrationPlugin: PortalPlugin = async (app, { deps }) => {
  app.post(routePath(API_ROUTES.register), async (request, reply) => {
    const payload = decodeRequest(RegistrationPayload, request.body);
    await enforceLimits(deps.limiter, request, "register", payload.email);
    const errors = validateRegistration(payload);
    if (errors.length > 0) throw apiErrors(400, errors);
    await registerPerson(deps, payload);
    request.log.info("person registered");
    return reply.code(API_ROUTES.register.status).send();
  });

  app.post(routePath(API_ROUTES.confirmMailAddress), async (request, reply) => {
    const { confirmationToken } = decodeRequest(ConfirmMailAddressRequest, request.body);
    await confirmMailToken(deps, confirmationToken);
    return reply.code(API_ROUTES.confirmMailAddress.status).send();
  });

  // Same answer, and the same work, whether or not the address has an (unconfirmed) account.
  app.post(routePath(API_ROUTES.resendOptIn), async (request, reply) => {
    const { email } = decodeRequest(EmailRequest, request.body);
    await requestOptInResend(deps, request, email);
    return reply.code(API_ROUTES.resendOptIn.status).send();
  });
};
