import type { RouteDocs } from "./api-route.js";
import type { SUPPORT_ROUTES } from "./support-routes.js";

/**
 * What each support call (support-routes.ts) does, and the codes it answers besides the common ones.
 * Kept apart from the calls, so a client (the browser) that imports only the calls does
 * not carry them; the server's table and the OpenAPI document join them (api-routes.ts).
 */
export const SUPPORT_ROUTE_DOCS = {
  supportShowPerson: {
    summary: "Support view of an account by e-mail",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND"],
  },
  supportResendOptIn: {
    summary: "Resend the registration mail of an unconfirmed account",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND", "ACCOUNT_ALREADY_CONFIRMED"],
  },
  supportResendDeletion: {
    summary: "Resend a pending deletion link",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND", "NO_OPEN_DELETION_REQUEST"],
  },
  supportResendEmailChange: {
    summary: "Resend a pending e-mail-change confirmation",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND", "NO_OPEN_EMAIL_CHANGE"],
  },
  supportExportPerson: {
    summary: "Everything held about one person, by e-mail (recorded in their activity)",
    errors: ["FIELD_EMPTY", "EMAIL_NOT_VALID", "ACCOUNT_NOT_FOUND"],
  },
  supportPurge: {
    summary: "Delete (or with dryRun count) the data whose retention period has passed",
    errors: [],
  },
  supportIssueMembership: {
    summary: "Issue membership credentials for a member number",
    errors: [],
  },
  supportSsfStreams: {
    summary: "The Shared Signals streams receivers created, with their delivery counts",
    errors: [],
  },
  supportSsfVerify: {
    summary: "Queue a verification event for one Shared Signals stream",
    errors: ["NOT_FOUND"],
  },
  supportSsfQueue: {
    summary: "The Shared Signals events waiting for delivery, oldest first",
    errors: [],
  },
} as const satisfies Record<keyof typeof SUPPORT_ROUTES, RouteDocs>;
