import { API_ROUTES, type MailSentResponse } from "@portal/contracts";
import type { PersonRow } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { AppDeps, PortalPlugin } from "../http/app-deps.js";
import { findAnyPersonByEmail } from "../persons/person-store.js";
import { issueMembership } from "./membership-issue.js";
import {
  resendDeletionForSupport,
  resendEmailChangeForSupport,
  resendOptInForSupport,
} from "./support-mails.js";
import { supportPersonView } from "./support-person-view.js";

// Member numbers are digits (what the local office types from its records).
const MEMBER_NUMBER = /^\d{1,20}$/;

/**
 * The person with this address (support may learn that it exists; a closed account too, so
 * its view shows closed and the erase date), else 404 ACCOUNT_NOT_FOUND.
 */
const personByEmail = async (deps: AppDeps, email: string): Promise<PersonRow> => {
  if (email.trim() === "") throw apiError(400, "FIELD_EMPTY", "email");
  const person = await findAnyPersonByEmail(deps.database.db, email);
  if (!person) throw apiError(404, "ACCOUNT_NOT_FOUND", "email");
  return person;
};

/**
 * The support calls of the CLI (API_ROUTES.support*): only a token whose
 * realm_access.roles holds "portal-support" may call them (401 / 403 otherwise).
 */
export const supportPlugin: PortalPlugin = async (app, { deps }) => {
  // Every support route checks the role (apiRoute, auth "support") before it reads anything.
  apiRoute(app, deps, API_ROUTES.supportShowPerson, async ({ query: { email } }) =>
    supportPersonView(deps.database.db, await personByEmail(deps, email)),
  );

  const resend = (
    route:
      | typeof API_ROUTES.supportResendOptIn
      | typeof API_ROUTES.supportResendDeletion
      | typeof API_ROUTES.supportResendEmailChange,
    send: (deps: AppDeps, person: PersonRow) => Promise<string>,
  ) =>
    apiRoute(app, deps, route, async ({ body: { email }, request }) => {
      const sentTo = await send(deps, await personByEmail(deps, email));
      request.log.info({ route: route.path }, "support resent a mail");
      return { email: sentTo } satisfies MailSentResponse;
    });
  resend(API_ROUTES.supportResendOptIn, resendOptInForSupport);
  resend(API_ROUTES.supportResendDeletion, resendDeletionForSupport);
  resend(API_ROUTES.supportResendEmailChange, resendEmailChangeForSupport);

  apiRoute(
    app,
    deps,
    API_ROUTES.supportIssueMembership,
    async ({ body: { memberNumber }, request }) => {
      if (!MEMBER_NUMBER.test(memberNumber.trim())) {
        throw apiError(400, "INVALID_REQUEST", "memberNumber");
      }
      const issued = await issueMembership(deps.database.db, memberNumber.trim());
      request.log.info("support issued membership credentials");
      return issued;
    },
  );
};
