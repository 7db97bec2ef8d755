import * as Schema from "effect/Schema";
import { AnalyticsEvent } from "./analytics-event.js";
import { ANALYTICS_PREFIX, type ApiCallRoute, route, SMART_SIGNUP_PREFIX } from "./api-route.js";
import { CompanySuggestions } from "./company.js";
import { RegistrationPayload } from "./registration.js";
import {
  CancelMailAddressChangeRequest,
  ConfirmDeletionRequest,
  ConfirmMailAddressRequest,
  DeletionTokenCheck,
  EmailRequest,
  OneClickLinkCheck,
  OneClickLinkCheckRequest,
  PasswordResetTokenCheck,
  PasswordResetTokenRequest,
  ResetPasswordRequest,
  RestoreAccountRequest,
  RevertMailAddressRequest,
  SecureAccountRequest,
} from "./requests.js";
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
    response: CompanySuggestions,
    status: 200,
    auth: "none",
  }),
  register: route({
    method: "POST",
    path: "/persons/register",
    request: RegistrationPayload,
    status: 201,
    auth: "none",
  }),
  confirmMailAddress: route({
    method: "POST",
    path: "/persons/confirm-mail-address",
    request: ConfirmMailAddressRequest,
    status: 204,
    auth: "none",
  }),
  cancelMailAddressChangeByToken: route({
    method: "POST",
    path: "/persons/cancel-mail-address-change",
    request: CancelMailAddressChangeRequest,
    status: 204,
    auth: "none",
  }),
  revertMailAddress: route({
    method: "POST",
    path: "/persons/revert-mail-address",
    request: RevertMailAddressRequest,
    status: 204,
    auth: "none",
  }),
  secureAccountByToken: route({
    method: "POST",
    path: "/persons/secure-account",
    request: SecureAccountRequest,
    status: 204,
    auth: "none",
  }),
  confirmDeletion: route({
    method: "POST",
    path: "/persons/confirm-deletion",
    request: ConfirmDeletionRequest,
    status: 204,
    auth: "none",
  }),
  restoreAccount: route({
    method: "POST",
    path: "/persons/restore-account",
    request: RestoreAccountRequest,
    status: 204,
    auth: "none",
  }),
  checkOneClickLink: route({
    method: "POST",
    path: "/persons/check-one-click-link",
    request: OneClickLinkCheckRequest,
    response: OneClickLinkCheck,
    status: 200,
    auth: "none",
  }),
  checkDeletionToken: route({
    method: "POST",
    path: "/persons/check-deletion-token",
    request: ConfirmDeletionRequest,
    response: DeletionTokenCheck,
    status: 200,
    auth: "none",
  }),
  resendOptInMail: route({
    method: "POST",
    path: "/persons/resend-opt-in-mail",
    request: EmailRequest,
    status: 202,
    auth: "none",
  }),
  listWebTargetKeys: route({
    method: "GET",
    path: "/web-targets",
    response: WebTargetKeys,
    status: 200,
    auth: "none",
  }),
  getWebTarget: route({
    method: "GET",
    path: "/web-targets/{key}",
    params: Schema.Struct({ key: WebTargetKey }),
    response: WebTarget,
    status: 200,
    auth: "none",
  }),
  requestPasswordResetMail: route({
    method: "POST",
    path: "/persons/request-password-reset-mail",
    request: EmailRequest,
    status: 202,
    auth: "none",
  }),
  checkPasswordResetToken: route({
    method: "POST",
    path: "/persons/check-password-reset-token",
    request: PasswordResetTokenRequest,
    response: PasswordResetTokenCheck,
    status: 200,
    auth: "none",
  }),
  resetPassword: route({
    method: "POST",
    path: "/persons/reset-password",
    request: ResetPasswordRequest,
    status: 204,
    auth: "none",
  }),
  sendAnalyticsEvent: route({
    method: "POST",
    prefix: ANALYTICS_PREFIX,
    path: "/events",
    request: AnalyticsEvent,
    status: 204,
    auth: "none",
  }),
  getOpenApi: route({
    method: "GET",
    path: "/openapi.json",
    response: Schema.Record(Schema.String, Schema.Unknown),
    status: 200,
    auth: "none",
  }),
} as const satisfies Record<string, ApiCallRoute>;
