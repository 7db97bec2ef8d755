import * as Schema from "effect/Schema";
import { AnalyticsEvent } from "./analytics-event.js";
import { ANALYTICS_PREFIX, type ApiRoute, route, SMART_SIGNUP_PREFIX } from "./api-route.js";
import { CompanySuggestions } from "./company.js";
import { MEMBER_CREDENTIAL_ERROR_CODES } from "./error-codes.js";
import { RegistrationPayload } from "./registration.js";
import {
  CancelMailAddressChangeRequest,
  ConfirmDeletionRequest,
  ConfirmMailAddressRequest,
  DeletionTokenCheck,
  EmailRequest,
  PasswordResetTokenCheck,
  PasswordResetTokenRequest,
  ResetPasswordRequest,
  RevertMailAddressRequest,
} from "./requests.js";
import { NAME_CODES, NEW_PASSWORD_CODES } from "./route-error-codes.js";
import { WebTarget, WebTargetKey, WebTargetKeys } from "./web-target.js";

/**
 * The calls anyone may make (no sign-in): registration and its confirmations, password
 * reset, deletion confirmation by mailed token, web targets, company suggestions,
 * analytics and this API's OpenAPI document.
 */
export const PUBLIC_ROUTES = {
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
  cancelMailAddressChangeByToken: route({
    method: "POST",
    path: "/persons/cancel-mail-address-change",
    summary:
      "Cancel the pending e-mail change with the single-use link mailed to the current address",
    request: CancelMailAddressChangeRequest,
    status: 204,
    auth: "none",
    errors: ["INVALID_OPT_IN"],
  }),
  revertMailAddress: route({
    method: "POST",
    path: "/persons/revert-mail-address",
    summary:
      "Restore the address an e-mail change replaced (link mailed to it, 7 days, single-use); ends every session",
    request: RevertMailAddressRequest,
    status: 204,
    auth: "none",
    errors: ["INVALID_OPT_IN", "EMAIL_ADDRESS_TAKEN"],
  }),
  confirmDeletion: route({
    method: "POST",
    path: "/persons/confirm-deletion",
    summary: "Delete the account and all linked data",
    request: ConfirmDeletionRequest,
    status: 204,
    auth: "none",
    errors: ["INVALID_OPT_IN", "MEMBER_CANNOT_DELETE"],
  }),
  checkDeletionToken: route({
    method: "POST",
    path: "/persons/check-deletion-token",
    // A question, not the deletion: the page names the account and asks for a last
    // click, since mail gateways open links by themselves.
    summary: "Whether a mailed deletion link still works, and whose account it deletes (masked)",
    request: ConfirmDeletionRequest,
    response: DeletionTokenCheck,
    status: 200,
    auth: "none",
    errors: ["INVALID_OPT_IN", "TOO_MANY_REQUESTS"],
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
  requestPasswordResetMail: route({
    method: "POST",
    path: "/persons/request-password-reset-mail",
    summary: "Mail a reset link; same answer for every address",
    request: EmailRequest,
    status: 202,
    auth: "none",
    errors: ["EMAIL_NOT_VALID", "TOO_MANY_REQUESTS"],
  }),
  checkPasswordResetToken: route({
    method: "POST",
    path: "/persons/check-password-reset-token",
    // A question, not an action: a used or expired link is an answer ({ valid: false }),
    // not an error list.
    summary: "Whether a mailed reset link still works, without using it ({ valid })",
    request: PasswordResetTokenRequest,
    response: PasswordResetTokenCheck,
    status: 200,
    auth: "none",
    // INVALID_OPT_IN only for a token no mail carries (too long, a line break): the body's
    // own check, as for the reset.
    errors: ["INVALID_OPT_IN", "TOO_MANY_REQUESTS"],
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
