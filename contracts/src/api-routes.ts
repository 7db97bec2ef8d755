import type * as Schema from "effect/Schema";
import { CompanySuggestions } from "./company.js";
import { MfaCredentials } from "./credential.js";
import { PatchDocument } from "./json-patch.js";
import { Person } from "./person.js";
import { RegistrationPayload } from "./registration.js";
import {
  ChangeMailAddressRequest,
  ChangePasswordRequest,
  ConfirmDeletionRequest,
  ConfirmMailAddressRequest,
  EmailRequest,
  MailSentResponse,
  RegisterMembershipRequest,
  RegisterMembershipResponse,
  ResetPasswordRequest,
} from "./requests.js";
import { IssuedMembership, IssueMembershipRequest, SupportPersonView } from "./support.js";
import { WebTarget, WebTargetKeys } from "./web-target.js";

/** Prefix of the user-management API (spec section 7). */
export const API_PREFIX = "/api/user-management";
/** Prefix of the company-suggestion service. */
export const SMART_SIGNUP_PREFIX = "/api/gatinator/smart-signup";

export type HttpMethod = "GET" | "POST" | "PATCH";

/** One entry of the API route table. */
export interface ApiRoute {
  readonly method: HttpMethod;
  /** Path below `prefix`, with `{param}` placeholders. */
  readonly path: string;
  readonly prefix: string;
  readonly summary: string;
  readonly request?: Schema.Top;
  readonly response?: Schema.Top;
  /** Status of a success; 204 answers carry no body. */
  readonly status: 200 | 201 | 202 | 204;
  readonly auth: "none" | "bearer" | "support";
  readonly contentType?: string;
}

const route = <R extends Omit<ApiRoute, "prefix"> & { prefix?: string }>(r: R) =>
  ({ prefix: API_PREFIX, ...r }) as R & { prefix: string };

/**
 * Every call of spec section 7, plus the support calls of the CLI, keyed by name.
 * Server, web and CLI all read paths and schemas from here.
 *
 * @example
 * API_ROUTES.getMe.method; // "GET"
 * apiPath(API_ROUTES.getWebTarget, { key: "MC" }); // "/api/user-management/web-targets/MC"
 */
export const API_ROUTES = {
  companySuggestions: route({
    method: "GET",
    prefix: SMART_SIGNUP_PREFIX,
    path: "/{term}",
    summary: "Company-name suggestions by name words or crefonummer prefix",
    response: CompanySuggestions,
    status: 200,
    auth: "none",
  }),
  register: route({
    method: "POST",
    path: "/persons/register",
    summary: "Register a person; sends the opt-in mail",
    request: RegistrationPayload,
    status: 201,
    auth: "none",
  }),
  confirmMailAddress: route({
    method: "POST",
    path: "/persons/confirm-mail-address",
    summary: "Confirm a registration or an e-mail change with its mailed token",
    request: ConfirmMailAddressRequest,
    status: 204,
    auth: "none",
  }),
  requestDeletion: route({
    method: "POST",
    path: "/persons/me/request-deletion",
    summary: "Mail a deletion link valid 10 days",
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
  }),
  confirmDeletion: route({
    method: "POST",
    path: "/persons/confirm-deletion",
    summary: "Delete the account and all linked data",
    request: ConfirmDeletionRequest,
    status: 204,
    auth: "none",
  }),
  resendOptIn: route({
    method: "POST",
    path: "/persons/resend-opt-in-mail",
    summary: "Resend the registration mail; same answer for every address",
    request: EmailRequest,
    status: 202,
    auth: "none",
  }),
  listWebTargetKeys: route({
    method: "GET",
    path: "/web-targets",
    summary: "The registration keys that resolve to a web target",
    response: WebTargetKeys,
    status: 200,
    auth: "none",
  }),
  getWebTarget: route({
    method: "GET",
    path: "/web-targets/{key}",
    summary: "Resolve a registration key to its web target",
    response: WebTarget,
    status: 200,
    auth: "none",
  }),
  getMe: route({
    method: "GET",
    path: "/persons/me",
    summary: "The signed-in person",
    response: Person,
    status: 200,
    auth: "bearer",
  }),
  patchMe: route({
    method: "PATCH",
    path: "/persons/me",
    summary: "Change personal or company data with JSON Patch",
    request: PatchDocument,
    response: Person,
    status: 200,
    auth: "bearer",
    contentType: "application/json-patch+json",
  }),
  changeMailAddress: route({
    method: "POST",
    path: "/persons/me/change-mail-address",
    summary: "Mail a confirmation link to the new address",
    request: ChangeMailAddressRequest,
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
  }),
  resendChangeMail: route({
    method: "POST",
    path: "/persons/me/resend-opt-in-mail",
    summary: "Resend the e-mail-change confirmation",
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
  }),
  changePassword: route({
    method: "POST",
    path: "/persons/me/change-password",
    summary: "Change the password",
    request: ChangePasswordRequest,
    status: 204,
    auth: "bearer",
  }),
  registerMembership: route({
    method: "POST",
    path: "/persons/me/register-mitgliedskennung",
    summary: "Link membership credentials to the account",
    request: RegisterMembershipRequest,
    response: RegisterMembershipResponse,
    status: 200,
    auth: "bearer",
  }),
  requestPasswordReset: route({
    method: "POST",
    path: "/persons/request-password-reset-mail",
    summary: "Mail a reset link; same answer for every address",
    request: EmailRequest,
    status: 202,
    auth: "none",
  }),
  resetPassword: route({
    method: "POST",
    path: "/persons/reset-password",
    summary: "Set a new password with a mailed token",
    request: ResetPasswordRequest,
    status: 204,
    auth: "none",
  }),
  getCredentials: route({
    method: "GET",
    path: "/persons/me/credentials",
    summary: "The configured second factors",
    response: MfaCredentials,
    status: 200,
    auth: "bearer",
  }),
  supportShowPerson: route({
    method: "GET",
    path: "/support/persons",
    summary: "Support view of an account by e-mail (query email)",
    response: SupportPersonView,
    status: 200,
    auth: "support",
  }),
  supportResendOptIn: route({
    method: "POST",
    path: "/support/persons/resend-opt-in-mail",
    summary: "Resend the registration mail of an unconfirmed account",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
  }),
  supportResendDeletion: route({
    method: "POST",
    path: "/support/persons/resend-deletion-mail",
    summary: "Resend a pending deletion link",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
  }),
  supportResendEmailChange: route({
    method: "POST",
    path: "/support/persons/resend-email-change-mail",
    summary: "Resend a pending e-mail-change confirmation",
    request: EmailRequest,
    response: MailSentResponse,
    status: 200,
    auth: "support",
  }),
  supportIssueMembership: route({
    method: "POST",
    path: "/support/memberships",
    summary: "Issue membership credentials for a member number",
    request: IssueMembershipRequest,
    response: IssuedMembership,
    status: 201,
    auth: "support",
  }),
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/**
 * The full path of a route with its `{param}` placeholders filled (URI-encoded).
 *
 * @example
 * apiPath(API_ROUTES.companySuggestions, { term: "Muster" }); // "/api/gatinator/smart-signup/Muster"
 */
export const apiPath = (r: ApiRoute, params: Record<string, string> = {}): string =>
  r.prefix +
  r.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
