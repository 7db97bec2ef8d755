/**
 * A second factor or passkey was added or removed: the activity event and the alert mail
 * in one call, for the provider's set-up and removal steps (and the passkeys module).
 */

import { type AlertRecipient, alertDevice, sendSecurityAlert } from "./security-alerts.js";
import { recordSecurityEvent } from "./security-events.js";
import type { SignInRecorderDeps } from "./sign-in-events.js";

/** The changes this reports, as activity kinds. */
export type FactorChangeKind =
  | "second-factor-added"
  | "second-factor-removed"
  | "passkey-added"
  | "passkey-removed";

const ALERTS = {
  "second-factor-added": "factor-added",
  "second-factor-removed": "factor-removed",
  "passkey-added": "passkey-added",
  "passkey-removed": "passkey-removed",
} as const satisfies Record<FactorChangeKind, string>;

/**
 * @example
 * await reportFactorChange(deps, person, "second-factor-added", "AUTHENTICATOR_APP", ua);
 *
 * `userAgent`: the User-Agent of the request that made the change; the mail names its
 * browser and system, so the person can tell their own change from someone else's.
 */
export const reportFactorChange = async (
  deps: SignInRecorderDeps,
  person: AlertRecipient & { readonly id: string },
  kind: FactorChangeKind,
  factor: string,
  userAgent: string | undefined,
): Promise<void> => {
  await recordSecurityEvent(deps.db, person.id, kind, { factor });
  await sendSecurityAlert(
    deps,
    person,
    { kind: ALERTS[kind] },
    { device: alertDevice(userAgent) },
  ).catch((error: unknown) => deps.log.error({ err: error }, "factor alert failed"));
};
