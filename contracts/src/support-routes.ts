import { type ApiCallRoute, route } from "./api-route.js";
import { PersonExport, PurgeReport, PurgeRequest } from "./privacy.js";
import { EmailRequest, MailSentResponse } from "./requests.js";
import { SsfQueue, SsfStreamList, SsfVerificationQueued } from "./shared-signals.js";
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
    query: SupportEmailQuery,
    response: SupportPersonView,
    status: 200,
    auth: "support",
  }),
  supportResendOptIn: route({
    method: "POST",
    path: "/support/persons/resend-opt-in-mail",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
  }),
  supportResendDeletion: route({
    method: "POST",
    path: "/support/persons/resend-deletion-mail",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
  }),
  supportResendEmailChange: route({
    method: "POST",
    path: "/support/persons/resend-email-change-mail",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
  }),
  supportExportPerson: route({
    method: "GET",
    path: "/support/persons/export",
    query: SupportEmailQuery,
    response: PersonExport,
    status: 200,
    auth: "support",
  }),
  supportPurge: route({
    method: "POST",
    path: "/support/maintenance/purge",
    request: PurgeRequest,
    response: PurgeReport,
    status: 200,
    auth: "support",
  }),
  supportIssueMembership: route({
    method: "POST",
    path: "/support/memberships",
    request: IssueMembershipRequest,
    response: IssuedMembership,
    status: 201,
    auth: "support",
  }),
  supportSsfStreams: route({
    method: "GET",
    path: "/support/ssf/streams",
    response: SsfStreamList,
    status: 200,
    auth: "support",
  }),
  supportSsfVerify: route({
    method: "POST",
    path: "/support/ssf/streams/{streamId}/verification",
    response: SsfVerificationQueued,
    status: 202,
    auth: "support",
  }),
  supportSsfQueue: route({
    method: "GET",
    path: "/support/ssf/queue",
    response: SsfQueue,
    status: 200,
    auth: "support",
  }),
} as const satisfies Record<string, ApiCallRoute>;
