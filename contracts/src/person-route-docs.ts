import type { RouteDocs } from "./api-route.js";
import { MEMBER_CREDENTIAL_ERROR_CODES } from "./error-codes.js";
import type { PERSON_ROUTES } from "./person-routes.js";
import { NEW_PASSWORD_CODES, PERSON_FIELD_CODES } from "./route-error-codes.js";

/**
 * What each call of a signed-in person (person-routes.ts) does, and the codes it answers besides the common ones.
 * Kept apart from the calls, so a client (the browser) that imports only the calls does
 * not carry them; the server's table and the OpenAPI document join them (api-routes.ts).
 */
export const PERSON_ROUTE_DOCS = {
  requestDeletion: {
    summary: "Mail a deletion link valid 10 days",
    errors: ["MEMBER_CANNOT_DELETE", "REAUTHENTICATION_REQUIRED", "TOO_MANY_REQUESTS"],
  },
  getMe: {
    summary: "The signed-in person",
    errors: [],
  },
  patchMe: {
    summary: "Change personal or company data with JSON Patch",
    errors: [...PERSON_FIELD_CODES, "INVALID_PATCH", "PRECONDITION_FAILED"],
  },
  changeMailAddress: {
    summary: "Mail a confirmation link to the new address",
    errors: [
      "FIELD_EMPTY",
      "EMAIL_NOT_VALID",
      "EMAIL_UNCHANGED",
      "TOO_MANY_REQUESTS",
      "REAUTHENTICATION_REQUIRED",
    ],
  },
  resendChangeMailAddress: {
    summary: "Resend the e-mail-change confirmation",
    errors: ["TOO_MANY_REQUESTS"],
  },
  cancelMailAddressChange: {
    summary: "Cancel the pending e-mail change (its link to the new address stops working)",
    errors: ["NO_OPEN_EMAIL_CHANGE"],
  },
  secureMyAccount: {
    summary:
      'Secure the account ("Secure my account"): ends every sign-in, this one too, and refuses the current password until a reset by mail',
    errors: ["TOO_MANY_REQUESTS"],
  },
  changePassword: {
    summary: "Change the password (the current one and a fresh sign-in)",
    errors: [
      ...NEW_PASSWORD_CODES,
      "OLD_PASSWORD_MISSING",
      "PASSWORD_INCORRECT",
      "PASSWORD_IN_HISTORY",
      "REAUTHENTICATION_REQUIRED",
      "TOO_MANY_REQUESTS",
    ],
  },
  registerMembership: {
    summary: "Link membership credentials to the account",
    errors: [...MEMBER_CREDENTIAL_ERROR_CODES, "INVALID_MEMBER_USER_ID", "TOO_MANY_REQUESTS"],
  },
  getCredentials: {
    summary: "The configured second factors",
    errors: [],
  },
  getPasskeys: {
    summary: "The signed-in person's passkeys",
    errors: [],
  },
  getPasskeySignals: {
    summary:
      "What the browser's passkey provider is told (WebAuthn Signal API): relying party, user handle, name, passkeys in use; null when Keycloak holds the passkeys",
    errors: [],
  },
  getPasskeyUpgrade: {
    summary:
      "Whether a password sign-in ends with a passkey made without a dialog where the browser can (on unless turned off)",
    errors: [],
  },
  setPasskeyUpgrade: {
    summary:
      "Turn the passkey offered after a password sign-in on or off; answers the stored state",
    errors: [],
  },
  getActivity: {
    summary: "The signed-in person's security events of the last 90 days, newest first, paged",
    errors: [],
  },
  getConsentHistory: {
    summary: "Every change of the signed-in person's consents, newest first (proof of consent)",
    errors: [],
  },
  exportMyData: {
    summary:
      "Everything held about the signed-in person as one JSON download (needs a fresh sign-in)",
    errors: ["REAUTHENTICATION_REQUIRED", "TOO_MANY_REQUESTS"],
  },
  renamePasskey: {
    summary: "Rename one of the signed-in person's passkeys",
    errors: ["FIELD_EMPTY", "INVALID_CHARACTERS"],
  },
  getRecoveryCodes: {
    summary: "How many of the recovery codes are left (never the codes)",
    errors: [],
  },
  getRememberedDevices: {
    summary:
      "The browsers where the second factor is not asked for 30 days (the password still is)",
    errors: [],
  },
  forgetRememberedDevice: {
    summary:
      "Revoke one remembered device (its next sign-in asks for the second factor again; an id not the person's or gone: nothing to do)",
    errors: [],
  },
  forgetRememberedDevices: {
    summary: "Revoke every remembered device of the signed-in person",
    errors: [],
  },
  getSuspendedFactors: {
    summary:
      "The second factors and passkeys that securing the account suspended, for the person to keep or remove",
    errors: [],
  },
  keepSuspendedFactor: {
    summary:
      "Keep one suspended second factor or passkey: it signs in again (needs a fresh sign-in; one not the person's or not suspended: 404)",
    errors: ["REAUTHENTICATION_REQUIRED", "NOT_FOUND"],
  },
} as const satisfies Record<keyof typeof PERSON_ROUTES, RouteDocs>;
