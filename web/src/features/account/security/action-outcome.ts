import {
  deleteCredentialAction,
  MFA_CONFIGURE_ACTIONS,
  type MfaCredentials,
  type MfaType,
} from "@portal/contracts";

/** What the page tells the user after coming back from the identity provider. */
export type ActionOutcome = "success" | "cancelled" | "error" | "unchanged";

/**
 * Query parameter the page adds to its own return address with the action it started.
 * keycloak-js takes Keycloak's `kc_action_status` out of the address while it signs the
 * user back in, so the page also needs to know what it asked for.
 */
export const STARTED_ACTION_PARAM = "mfa_action";

const REPORTED = ["success", "cancelled", "error"] as const;
const DELETE_PREFIX = deleteCredentialAction("");

const configuredType = (action: string): MfaType | null => {
  for (const [type, name] of Object.entries(MFA_CONFIGURE_ACTIONS))
    if (name === action) return type as MfaType;
  return null;
};

/**
 * The outcome of an application-initiated action on return: Keycloak's own
 * `kc_action_status` when the address still carries it; otherwise read from the
 * credentials loaded afterwards: a configured factor now present (or a deleted one now
 * gone) is a success, anything else left the state unchanged (cancelled or failed).
 * Null when no action was started.
 *
 * @example
 * actionOutcome(new URLSearchParams("mfa_action=CONFIGURE_TOTP"), [{ type: "AUTHENTICATOR_APP", credentialId: "c" }]);
 * // "success"
 */
export const actionOutcome = (
  params: URLSearchParams,
  credentials: MfaCredentials | null,
): ActionOutcome | null => {
  const reported = params.get("kc_action_status");
  const known = REPORTED.find((s) => s === reported);
  if (known) return known;
  const started = params.get(STARTED_ACTION_PARAM);
  if (!started || !credentials) return null;
  const type = configuredType(started);
  if (type) return credentials.some((c) => c.type === type) ? "success" : "unchanged";
  if (started.startsWith(DELETE_PREFIX)) {
    const id = started.slice(DELETE_PREFIX.length);
    return credentials.some((c) => c.credentialId === id) ? "unchanged" : "success";
  }
  return null;
};
