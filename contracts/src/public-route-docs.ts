import type { RouteDocs } from "./api-route.js";
import { MEMBER_CREDENTIAL_ERROR_CODES } from "./error-codes.js";
import type { PUBLIC_ROUTES } from "./public-routes.js";
import { NAME_CODES, NEW_PASSWORD_CODES } from "./route-error-codes.js";

/**
 * What each public call (public-routes.ts) does, and the codes it answers besides the common ones.
 * Kept apart from the calls, so a client (the browser) that imports only the calls does
 * not carry them; the server's table and the OpenAPI document join them (api-routes.ts).
 */
export const PUBLIC_ROUTE_DOCS = {
  companySuggestions: {
    summary: "Company-name suggestions by name words or crefonummer prefix",
    errors: ["TOO_MANY_REQUESTS"],
  },
  register: {
    summary: "Register a person; sends the opt-in mail",
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
  },
  confirmMailAddress: {
    summary: "Confirm a registration or an e-mail change with its mailed token",
    errors: ["INVALID_OPT_IN"],
  },
  cancelMailAddressChangeByToken: {
    summary:
      "Cancel the pending e-mail change with the single-use link mailed to the current address",
    errors: ["INVALID_OPT_IN"],
  },
  revertMailAddress: {
    summary:
      "Restore the address an e-mail change replaced (link mailed to it, 7 days, single-use); ends every session",
    errors: ["INVALID_OPT_IN", "EMAIL_ADDRESS_TAKEN"],
  },
  secureAccountByToken: {
    summary:
      '"This wasn\'t me": secure the account by the link of a security alert (7 days, single-use): ends every sign-in, refuses the current password until a reset by mail',
    errors: ["INVALID_OPT_IN", "TOO_MANY_REQUESTS"],
  },
  confirmDeletion: {
    summary: "Delete the account and all linked data",
    errors: ["INVALID_OPT_IN", "MEMBER_CANNOT_DELETE"],
  },
  restoreAccount: {
    // Only while DELETION_GRACE_DAYS keeps a confirmed deletion's account closed.
    summary: "Reopen an account closed by a confirmed deletion, before its erasure",
    errors: [
      "INVALID_OPT_IN",
      "PASSWORD_INCORRECT",
      "SECOND_FACTOR_REQUIRED",
      "SECOND_FACTOR_INCORRECT",
      "TOO_MANY_REQUESTS",
    ],
  },
  checkOneClickLink: {
    // A question, not the click: mail gateways open links by themselves, so the page
    // asks whether its link still works and shows the button only when it does.
    summary: "Whether a mailed one-click link still works, without using it ({ status })",
    errors: ["INVALID_OPT_IN", "TOO_MANY_REQUESTS"],
  },
  checkDeletionToken: {
    // A question, not the deletion: the page names the account and asks for a last
    // click, since mail gateways open links by themselves.
    summary: "Whether a mailed deletion link still works, and whose account it deletes (masked)",
    errors: ["INVALID_OPT_IN", "TOO_MANY_REQUESTS"],
  },
  resendOptInMail: {
    summary: "Resend the registration mail; same answer for every address",
    errors: ["EMAIL_NOT_VALID", "TOO_MANY_REQUESTS"],
  },
  listWebTargetKeys: {
    summary: "The registration keys that resolve to a web target",
    errors: [],
  },
  getWebTarget: {
    summary: "Resolve a registration key to its web target",
    errors: ["NOT_FOUND"],
  },
  requestPasswordResetMail: {
    summary: "Mail a reset link; same answer for every address",
    errors: ["EMAIL_NOT_VALID", "TOO_MANY_REQUESTS"],
  },
  checkPasswordResetToken: {
    // A question, not an action: a used or expired link is an answer ({ valid: false }),
    // not an error list.
    summary: "Whether a mailed reset link still works, without using it ({ valid })",
    // INVALID_OPT_IN only for a token no mail carries (too long, a line break): the body's
    // own check, as for the reset.
    errors: ["INVALID_OPT_IN", "TOO_MANY_REQUESTS"],
  },
  resetPassword: {
    summary: "Set a new password with a mailed token",
    errors: [...NEW_PASSWORD_CODES, "INVALID_OPT_IN", "PASSWORD_IN_HISTORY", "TOO_MANY_REQUESTS"],
  },
  sendAnalyticsEvent: {
    summary:
      "A page view, event or masked error report; stored only with x-analytics-consent: granted",
    errors: ["TOO_MANY_REQUESTS"],
  },
  getOpenApi: {
    summary: "This API as an OpenAPI 3.1 document",
    errors: [],
  },
} as const satisfies Record<keyof typeof PUBLIC_ROUTES, RouteDocs>;
