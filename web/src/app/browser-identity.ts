import type { IdentitySession } from "@portal/core";

/** Keycloak's `kc_action_status` values for an application-initiated action. */
export const ACTION_STATUSES = ["success", "cancelled", "error"] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/**
 * The provider's report on an application-initiated action (`kc_action_status` and
 * `kc_action` of the redirect back to the app).
 *
 * @example
 * const update: ActionUpdate = { status: "success", action: "CONFIGURE_TOTP" };
 */
export interface ActionUpdate {
  readonly status: ActionStatus;
  /** The action it reports on; null when the provider does not echo it. */
  readonly action: string | null;
}

/**
 * Core's identity session plus what only the browser learns on its way back from the
 * provider: keycloak-js reads `kc_action_status` while it completes the sign-in and
 * takes it out of the address, so pages cannot find it there.
 */
export interface BrowserIdentity extends IdentitySession {
  /** The report on the action this page load came back from, or null. */
  actionUpdate(): ActionUpdate | null;
}
