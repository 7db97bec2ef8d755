import {
  API_ROUTES,
  EmailRequest,
  IssueMembershipRequest,
  type MailSentResponse,
  SupportEmailQuery,
} from "@portal/contracts";
import type { FastifyRequest } from "fastify";
import type { AppDeps, PortalPlugin } from "../app-deps.js";
import type { PersonRow } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { decodeRequest } from "../http/decode.js";
import { routePath } from "../http/route-path.js";
import { findPersonByEmail } from "../persons/person-store.js";
import { issueMembership } from "./membership-issue.js";
import {
  resendDeletionForSupport,
  resendEmailChangeForSupport,
  resendOptInForSupport,
} from "./support-mails.js";
import { supportPersonView } from "./support-person-view.js";

// Member numbers are digits (what the local office types from its records).
const MEMBER_NUMBER = /^\d{1,20}$/;

/** The person with this address (support may learn that it exists), else 404 ACCOUNT_NOT_FOUND. */
const personByEmail = async (deps: AppDeps, email: string): Promise<PersonRow> => {
  if (email.trim() === "") throw apiError(400, "FIELD_EMPTY", "email");
  const person = await findPersonByEmail(deps.database.db, email);
  if (!person) throw apiError(404, "ACCOUNT_NOT_FOUND", "email");
  return person;
};

/**
 * The support calls of the CLI (API_ROUTES.support*): only a token whose
 * realm_access.roles holds "portal-support" may call them (401 / 403 otherwise).
 */
export const supportPlugin: PortalPlugin = async (app, { deps }) => {
  // Every support route checks the role before it reads anything.
  app.addHook("preHandler", async (request: FastifyRequest) => {
    await deps.auth.requireSupport(request);
  });

  app.get(routePath(API_ROUTES.supportShowPerson), async (request) => {
    const { email } = decodeRequest(SupportEmailQuery, request.query);
    return supportPersonView(deps.database.db, await personByEmail(deps, email));
  });

  const resend = (
    route: typeof API_ROUTES.supportResendOptIn,
    send: (deps: AppDeps, person: PersonRow) => Promise<string>,
  ) =>
    app.post(routePath(route), async (request) => {
      const { email } = decodeRequest(EmailRequest, request.body);
      const sentTo = await send(deps, await personByEmail(deps, email));
      request.log.info({ route: route.path }, "support resent a mail");
      return { email: sentTo } satisfies MailSentResponse;
    });
  resend(API_ROUTES.supportResendOptIn, resendOptInForSupport);
  resend(API_ROUTES.supportResendDeletion, resendDeletionForSupport);
  resend(API_ROUTES.supportResendEmailChange, resendEmailChangeForSupport);

  app.post(routePath(API_ROUTES.supportIssueMembership), async (request, reply) => {
    const { memberNumber } = decodeRequest(IssueMembershipRequest, request.body);
    if (!MEMBER_NUMBER.test(memberNumber.trim())) {
      throw apiError(400, "INVALID_REQUEST", "memberNumber");
    }
    const issued = await issueMembership(deps.database.db, memberNumber.trim());
    request.log.info("support issued membership credentials");
    return reply.code(API_ROUTES.supportIssueMembership.status).send(issued);
  });
};
