import {
  deleteCredentialAction,
  MFA_CONFIGURE_ACTIONS,
  PASSKEY_ACTIONS,
  RECOVERY_CODES_ACTION,
} from "@portal/contracts";
import type { ActionStatus, ActionUpdate } from "../../../app/browser-identity.js";

/** What the page tells the user after coming back from the identity provider. */
export type ActionOutcome = ActionStatus;

const DELETE_PREFIX = deleteCredentialAction("");
// Keycloak echoes the action's provider id without the credential's (`kc_action=delete_credential`).
const DELETE_ECHO = DELETE_PREFIX.slice(0, -1);
const CONFIGURE: ReadonlyArray<string> = [
  ...Object.values(MFA_CONFIGURE_ACTIONS),
  ...Object.values(PASSKEY_ACTIONS),
  RECOVERY_CODES_ACTION,
];

/** True for the actions this page starts: set up a second factor, a passkey or recovery codes, or delete one. */
const isSecondFactorAction = (action: string): boolean =>
  CONFIGURE.includes(action) || action.startsWith(DELETE_PREFIX) || action === DELETE_ECHO;

/**
 * The outcome to show on return from an application-initiated action: Keycloak's status
 * as keycloak-js reported it, when it is about a second-factor action (or names none,
 * as a provider that does not echo `kc_action` would). Null when there is nothing to say.
 *
 * @example
 * actionOutcome({ status: "cancelled", action: "CONFIGURE_TOTP" }); // "cancelled"
 * actionOutcome({ status: "success", action: "UPDATE_PASSWORD" }); // null
 */
export const actionOutcome = (update: ActionUpdate | null): ActionOutcome | null => {
  if (!update) return null;
  if (update.action !== null && !isSecondFactorAction(update.action)) return null;
  return update.status;
};

/** The actions that add a second factor: app, e-mail codes, and a passkey of either name. */
const ADD_FACTOR: ReadonlyArray<string> = [
  ...Object.values(MFA_CONFIGURE_ACTIONS),
  ...Object.values(PASSKEY_ACTIONS),
];

/**
 * True right after a second factor of any kind was set up (the moment to offer recovery
 * codes): the app, e-mail codes or a passkey, which is asked for after the password too.
 *
 * @example
 * factorJustSetUp({ status: "success", action: "CONFIGURE_TOTP" }); // true
 * factorJustSetUp({ status: "success", action: "webauthn-register-passwordless" }); // true
 */
export const factorJustSetUp = (update: ActionUpdate | null): boolean =>
  update?.status === "success" && ADD_FACTOR.includes(update.action ?? "");
