import { type ApiRoute, route } from "./api-route.js";
import { PersonExport, PurgeReport, PurgeRequest } from "./privacy.js";
import { EmailRequest, MailSentResponse } from "./requests.js";
import {
  IssuedMembership,
  IssueMembershipRequest,
  SupportEmailQuery,
  SupportPersonView,
} from "./support.js";

/** The support staff's calls (the CLI, with the support client's token). */
export const SUPPORT_ROUTES = {
  supportShowPerson: route({
    method: "GET",
    path: "/support/persons",
    summary: "Support view of an account by e-mail",
    query: SupportEmailQuery,
    response: SupportPersonView,
    status: 200,
    auth: "support",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND"],
  }),
  supportResendOptIn: route({
    method: "POST",
    path: "/support/persons/resend-opt-in-mail",
    summary: "Resend the registration mail of an unconfirmed account",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND", "ACCOUNT_ALREADY_CONFIRMED"],
  }),
  supportResendDeletion: route({
    method: "POST",
    path: "/support/persons/resend-deletion-mail",
    summary: "Resend a pending deletion link",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND", "NO_OPEN_DELETION_REQUEST"],
  }),
  supportResendEmailChange: route({
    method: "POST",
    path: "/support/persons/resend-email-change-mail",
    summary: "Resend a pending e-mail-change confirmation",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND", "NO_OPEN_EMAIL_CHANGE"],
  }),
  supportExportPerson: route({
    method: "GET",
    path: "/support/persons/export",
    summary: "Everything held about one person, by e-mail (recorded in their activity)",
    query: SupportEmailQuery,
    response: PersonExport,
    status: 200,
    auth: "support",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND"],
  }),
  supportPurge: route({
    method: "POST",
    path: "/support/maintenance/purge",
    summary: "Delete (or with dryRun count) the data whose retention period has passed",
    request: PurgeRequest,
    response: PurgeReport,
    status: 200,
    auth: "support",
    errors: [],
  }),
  supportIssueMembership: route({
    method: "POST",
    path: "/support/memberships",
    summary: "Issue membership credentials for a member number",
    request: IssueMembershipRequest,
    response: IssuedMembership,
    status: 201,
    auth: "support",
    errors: [],
  }),
} as const satisfies Record<string, ApiRoute>;
