import * as Schema from "effect/Schema";
import { ActivityQuery, SecurityEventPage } from "./activity.js";
import { AnalyticsEvent } from "./analytics-event.js";
import { ANALYTICS_PREFIX, type ApiRoute, route, SMART_SIGNUP_PREFIX } from "./api-route.js";
import { CompanySuggestions } from "./company.js";
import { MfaCredentials, RecoveryCodesStatus } from "./credential.js";
import { type ErrorCode, MEMBER_CREDENTIAL_ERROR_CODES } from "./error-codes.js";
import { PatchDocument } from "./json-patch.js";
import { Passkey, Passkeys, RenamePasskeyRequest } from "./passkey.js";
import { Person } from "./person.js";
import { ConsentHistory, PersonExport, PurgeReport, PurgeRequest } from "./privacy.js";
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
import {
  IssuedMembership,
  IssueMembershipRequest,
  SupportEmailQuery,
  SupportPersonView,
} from "./support.js";
import { WebTarget, WebTargetKey, WebTargetKeys } from "./web-target.js";

// Codes of the rules several calls share (core's password policy and person rules). The
// lists hold only what the server can answer: a test server fails on any other code
// (server/src/http/error-code-check.ts).
const NEW_PASSWORD_CODES = [
  "NEW_PASSWORD_MISSING",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_TRIVIAL_VALUES",
  "PASSWORD_INVALID_CHARACTERS",
  "PASSWORD_LOWERCASE_MISSING",
  "PASSWORD_UPPERCASE_MISSING",
  "PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING",
] as const satisfies ReadonlyArray<ErrorCode>;
const NAME_CODES = [
  "INVALID_NAME",
  "FIRSTNAME_MISSING",
  "LASTNAME_MISSING",
  "FIRSTNAME_TOO_LONG",
  "LASTNAME_TOO_LONG",
] as const satisfies ReadonlyArray<ErrorCode>;
// A patch's fields: names, title, birthdate, phone parts, crefonummer, position and department.
const PERSON_FIELD_CODES = [
  ...NAME_CODES,
  "INVALID_TITLE",
  "INVALID_BIRTHDATE",
  "INVALID_CHARACTERS",
  "INVALID_CREFONUMMER",
  "PHONE_COUNTRYCODE_INVALID",
  "PHONE_AREA_CODE_INVALID",
  "PHONE_SUBSCRIBER_NUMBER_INVALID",
  "PHONE_EXTENTION_NUMBER_INVALID",
  "PHONE_NUMBER_INVALID",
] as const satisfies ReadonlyArray<ErrorCode>;

/**
 * Every call the server answers under `/api/`, keyed by name: spec section 7, the
 * support calls of the CLI, analytics and this table's own OpenAPI document. The server
 * registers its routes from these entries, the client in core derives its calls from
 * them, and the OpenAPI document is generated from them: a new call is one entry here
 * plus one handler (contracts/README.md).
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
    errors: ["TOO_MANY_REQUESTS"],
  }),
  register: route({
    method: "POST",
    path: "/persons/register",
    summary: "Register a person; sends the opt-in mail",
    request: RegistrationPayload,
    status: 201,
    auth: "none",
    // The title and language are schema literals (a wrong one is INVALID_REQUEST); a
    // registration has no birthdate, phone, position or department.
    errors: [
      ...NAME_CODES,
      ...NEW_PASSWORD_CODES,
      ...MEMBER_CREDENTIAL_ERROR_CODES,
      "FIELD_EMPTY",
      "EMAIL_NOT_VALID",
      "INVALID_CREFONUMMER",
      "INVALID_MEMBER_USER_ID",
      "BACKEND_VALIDATION_ERROR",
      "TOO_MANY_REQUESTS",
    ],
  }),
  confirmMailAddress: route({
    method: "POST",
    path: "/persons/confirm-mail-address",
    summary: "Confirm a registration or an e-mail change with its mailed token",
    request: ConfirmMailAddressRequest,
    status: 204,
    auth: "none",
    errors: ["INVALID_OPT_IN"],
  }),
  requestDeletion: route({
    method: "POST",
    path: "/persons/me/request-deletion",
    summary: "Mail a deletion link valid 10 days",
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
    errors: ["MEMBER_CANNOT_DELETE", "REAUTHENTICATION_REQUIRED"],
  }),
  confirmDeletion: route({
    method: "POST",
    path: "/persons/confirm-deletion",
    summary: "Delete the account and all linked data",
    request: ConfirmDeletionRequest,
    status: 204,
    auth: "none",
    errors: ["INVALID_OPT_IN"],
  }),
  resendOptInMail: route({
    method: "POST",
    path: "/persons/resend-opt-in-mail",
    summary: "Resend the registration mail; same answer for every address",
    request: EmailRequest,
    status: 202,
    auth: "none",
    errors: ["EMAIL_NOT_VALID", "TOO_MANY_REQUESTS"],
  }),
  listWebTargetKeys: route({
    method: "GET",
    path: "/web-targets",
    summary: "The registration keys that resolve to a web target",
    response: WebTargetKeys,
    status: 200,
    auth: "none",
    errors: [],
  }),
  getWebTarget: route({
    method: "GET",
    path: "/web-targets/{key}",
    summary: "Resolve a registration key to its web target",
    params: Schema.Struct({ key: WebTargetKey }),
    response: WebTarget,
    status: 200,
    auth: "none",
    errors: ["NOT_FOUND"],
  }),
  getMe: route({
    method: "GET",
    path: "/persons/me",
    summary: "The signed-in person",
    response: Person,
    status: 200,
    auth: "bearer",
    etag: "person",
    errors: [],
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
    etag: "person",
    errors: [...PERSON_FIELD_CODES, "INVALID_PATCH", "PRECONDITION_FAILED"],
  }),
  changeMailAddress: route({
    method: "POST",
    path: "/persons/me/change-mail-address",
    summary: "Mail a confirmation link to the new address",
    request: ChangeMailAddressRequest,
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
    errors: [
      "FIELD_EMPTY",
      "EMAIL_NOT_VALID",
      "EMAIL_UNCHANGED",
      "TOO_MANY_REQUESTS",
      "REAUTHENTICATION_REQUIRED",
    ],
  }),
  resendChangeMailAddress: route({
    method: "POST",
    path: "/persons/me/resend-opt-in-mail",
    summary: "Resend the e-mail-change confirmation",
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
    errors: ["TOO_MANY_REQUESTS"],
  }),
  changePassword: route({
    method: "POST",
    path: "/persons/me/change-password",
    summary: "Change the password",
    request: ChangePasswordRequest,
    status: 204,
    auth: "bearer",
    errors: [
      ...NEW_PASSWORD_CODES,
      "OLD_PASSWORD_MISSING",
      "PASSWORD_INCORRECT",
      "PASSWORD_IN_HISTORY",
    ],
  }),
  registerMembership: route({
    method: "POST",
    path: "/persons/me/register-mitgliedskennung",
    summary: "Link membership credentials to the account",
    request: RegisterMembershipRequest,
    response: RegisterMembershipResponse,
    status: 200,
    auth: "bearer",
    errors: [...MEMBER_CREDENTIAL_ERROR_CODES, "INVALID_MEMBER_USER_ID", "TOO_MANY_REQUESTS"],
  }),
  requestPasswordResetMail: route({
    method: "POST",
    path: "/persons/request-password-reset-mail",
    summary: "Mail a reset link; same answer for every address",
    request: EmailRequest,
    status: 202,
    auth: "none",
    errors: ["EMAIL_NOT_VALID", "TOO_MANY_REQUESTS"],
  }),
  resetPassword: route({
    method: "POST",
    path: "/persons/reset-password",
    summary: "Set a new password with a mailed token",
    request: ResetPasswordRequest,
    status: 204,
    auth: "none",
    errors: [...NEW_PASSWORD_CODES, "INVALID_OPT_IN", "PASSWORD_IN_HISTORY"],
  }),
  getCredentials: route({
    method: "GET",
    path: "/persons/me/credentials",
    summary: "The configured second factors",
    response: MfaCredentials,
    status: 200,
    auth: "bearer",
    errors: [],
  }),
  getPasskeys: route({
    method: "GET",
    path: "/persons/me/passkeys",
    summary: "The signed-in person's passkeys",
    response: Passkeys,
    status: 200,
    auth: "bearer",
    errors: [],
  }),
  getActivity: route({
    method: "GET",
    path: "/persons/me/activity",
    summary: "The signed-in person's security events of the last 90 days, newest first, paged",
    query: ActivityQuery,
    response: SecurityEventPage,
    status: 200,
    auth: "bearer",
    errors: [],
  }),
  getConsentHistory: route({
    method: "GET",
    path: "/persons/me/consent-history",
    summary: "Every change of the signed-in person's consents, newest first (proof of consent)",
    response: ConsentHistory,
    status: 200,
    auth: "bearer",
    errors: [],
  }),
  exportMyData: route({
    method: "GET",
    path: "/persons/me/export",
    summary:
      "Everything held about the signed-in person as one JSON download (needs a fresh sign-in)",
    response: PersonExport,
    status: 200,
    auth: "bearer",
    errors: ["REAUTHENTICATION_REQUIRED", "TOO_MANY_REQUESTS"],
  }),
  renamePasskey: route({
    method: "PATCH",
    path: "/persons/me/passkeys/{passkeyId}",
    summary: "Rename one of the signed-in person's passkeys",
    request: RenamePasskeyRequest,
    response: Passkey,
    status: 200,
    auth: "bearer",
    errors: ["FIELD_EMPTY", "INVALID_CHARACTERS"],
  }),
  getRecoveryCodes: route({
    method: "GET",
    path: "/persons/me/recovery-codes",
    summary: "How many of the recovery codes are left (never the codes)",
    response: RecoveryCodesStatus,
    status: 200,
    auth: "bearer",
    errors: [],
  }),
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
  sendAnalyticsEvent: route({
    method: "POST",
    prefix: ANALYTICS_PREFIX,
    path: "/events",
    summary:
      "A page view, event or masked error report; stored only with x-analytics-consent: granted",
    request: AnalyticsEvent,
    status: 204,
    auth: "none",
    errors: ["TOO_MANY_REQUESTS"],
  }),
  getOpenApi: route({
    method: "GET",
    path: "/openapi.json",
    summary: "This API as an OpenAPI 3.1 document",
    response: Schema.Record(Schema.String, Schema.Unknown),
    status: 200,
    auth: "none",
    errors: [],
  }),
} as const satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof API_ROUTES;
export type ApiRouteName = keyof ApiRoutes;
