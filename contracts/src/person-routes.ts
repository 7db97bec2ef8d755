import { ActivityQuery, SecurityEventPage } from "./activity.js";
import { type ApiCallRoute, route } from "./api-route.js";
import { MfaCredentials, RecoveryCodesStatus } from "./credential.js";
import { JSON_PATCH_CONTENT_TYPE, PatchDocument } from "./json-patch.js";
import {
  Passkey,
  PasskeySignalsAnswer,
  Passkeys,
  PasskeyUpgradeSetting,
  RenamePasskeyRequest,
} from "./passkey.js";
import { Person } from "./person.js";
import { ConsentHistory, PersonExport } from "./privacy.js";
import { RememberedDevices } from "./remembered-device.js";
import {
  ChangeMailAddressRequest,
  ChangePasswordRequest,
  MailSentResponse,
  RegisterMembershipRequest,
  RegisterMembershipResponse,
} from "./requests.js";
import { SuspendedFactors } from "./suspended-factor.js";

/** The calls of a signed-in person about their own account (a Bearer access token). */
export const PERSON_ROUTES = {
  requestDeletion: route({
    method: "POST",
    path: "/persons/me/request-deletion",
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
  }),
  getMe: route({
    method: "GET",
    path: "/persons/me",
    response: Person,
    status: 200,
    auth: "bearer",
    etag: "person",
  }),
  patchMe: route({
    method: "PATCH",
    path: "/persons/me",
    request: PatchDocument,
    response: Person,
    status: 200,
    auth: "bearer",
    contentType: JSON_PATCH_CONTENT_TYPE,
    etag: "person",
  }),
  changeMailAddress: route({
    method: "POST",
    path: "/persons/me/change-mail-address",
    request: ChangeMailAddressRequest,
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
  }),
  resendChangeMailAddress: route({
    method: "POST",
    path: "/persons/me/resend-opt-in-mail",
    response: MailSentResponse,
    status: 200,
    auth: "bearer",
  }),
  cancelMailAddressChange: route({
    method: "POST",
    path: "/persons/me/cancel-mail-address-change",
    status: 204,
    auth: "bearer",
  }),
  secureMyAccount: route({
    method: "POST",
    path: "/persons/me/secure-account",
    status: 204,
    auth: "bearer",
  }),
  changePassword: route({
    method: "POST",
    path: "/persons/me/change-password",
    request: ChangePasswordRequest,
    status: 204,
    auth: "bearer",
  }),
  registerMembership: route({
    method: "POST",
    path: "/persons/me/register-mitgliedskennung",
    request: RegisterMembershipRequest,
    response: RegisterMembershipResponse,
    status: 200,
    auth: "bearer",
  }),
  getCredentials: route({
    method: "GET",
    path: "/persons/me/credentials",
    response: MfaCredentials,
    status: 200,
    auth: "bearer",
  }),
  getPasskeys: route({
    method: "GET",
    path: "/persons/me/passkeys",
    response: Passkeys,
    status: 200,
    auth: "bearer",
  }),
  getPasskeySignals: route({
    method: "GET",
    path: "/persons/me/passkey-signals",
    response: PasskeySignalsAnswer,
    status: 200,
    auth: "bearer",
  }),
  getPasskeyUpgrade: route({
    method: "GET",
    path: "/persons/me/passkey-upgrade",
    response: PasskeyUpgradeSetting,
    status: 200,
    auth: "bearer",
  }),
  setPasskeyUpgrade: route({
    method: "PUT",
    path: "/persons/me/passkey-upgrade",
    request: PasskeyUpgradeSetting,
    response: PasskeyUpgradeSetting,
    status: 200,
    auth: "bearer",
  }),
  getActivity: route({
    method: "GET",
    path: "/persons/me/activity",
    query: ActivityQuery,
    response: SecurityEventPage,
    status: 200,
    auth: "bearer",
  }),
  getConsentHistory: route({
    method: "GET",
    path: "/persons/me/consent-history",
    response: ConsentHistory,
    status: 200,
    auth: "bearer",
  }),
  exportMyData: route({
    method: "GET",
    path: "/persons/me/export",
    response: PersonExport,
    status: 200,
    auth: "bearer",
  }),
  renamePasskey: route({
    method: "PATCH",
    path: "/persons/me/passkeys/{passkeyId}",
    request: RenamePasskeyRequest,
    response: Passkey,
    status: 200,
    auth: "bearer",
  }),
  getRecoveryCodes: route({
    method: "GET",
    path: "/persons/me/recovery-codes",
    response: RecoveryCodesStatus,
    status: 200,
    auth: "bearer",
  }),
  getRememberedDevices: route({
    method: "GET",
    path: "/persons/me/remembered-devices",
    response: RememberedDevices,
    status: 200,
    auth: "bearer",
  }),
  forgetRememberedDevice: route({
    method: "DELETE",
    path: "/persons/me/remembered-devices/{deviceId}",
    status: 204,
    auth: "bearer",
  }),
  forgetRememberedDevices: route({
    method: "DELETE",
    path: "/persons/me/remembered-devices",
    status: 204,
    auth: "bearer",
  }),
  getSuspendedFactors: route({
    method: "GET",
    path: "/persons/me/suspended-factors",
    response: SuspendedFactors,
    status: 200,
    auth: "bearer",
  }),
  keepSuspendedFactor: route({
    method: "POST",
    path: "/persons/me/suspended-factors/{factorId}/keep",
    status: 204,
    auth: "bearer",
  }),
} as const satisfies Record<string, ApiCallRoute>;
