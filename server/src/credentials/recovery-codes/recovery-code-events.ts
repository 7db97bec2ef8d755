import { RECOVERY_CODES_LOW } from "@portal/core";
import type { AlertRecipient } from "../../activity/security-alerts.js";
import { alertDevice, sendSecurityAlert } from "../../activity/security-alerts.js";
import { recordSecurityEvent } from "../../activity/security-events.js";
import {
  type SignInOrigin,
  type SignInRecorderDeps,
  whereFrom,
} from "../../activity/sign-in-events.js";

// The one place that learns that a recovery code signed someone in, or that a new set
// replaced the old one: the security activity log gets the event (with browser, system and
// shortened address) and the person an alert mail (for a use naming how many codes are
// left) and the browser and system it came from, so every case reaches both the same way.

/** What is known about one use of a recovery code. */
export interface RecoveryCodeUse {
  readonly person: AlertRecipient & { readonly id: string };
  /** Unused codes left after this one. */
  readonly remaining: number;
  readonly origin: SignInOrigin;
}

/** Called once for each accepted recovery code, after the code is spent. */
export const onRecoveryCodeUsed = async (
  deps: SignInRecorderDeps,
  use: RecoveryCodeUse,
): Promise<void> => {
  await recordSecurityEvent(deps.db, use.person.id, "recovery-code-used", {
    ...whereFrom(use.origin).details,
  });
  // No person id or address in the log (log-redaction.ts): the count says enough here.
  deps.log.info(
    { remaining: use.remaining, low: use.remaining <= RECOVERY_CODES_LOW },
    "recovery code used",
  );
  // A failed alert is logged and never undoes the sign-in.
  await sendSecurityAlert(
    deps,
    use.person,
    { kind: "recovery-code-used", left: use.remaining },
    { device: alertDevice(use.origin.userAgent) },
  ).catch((error: unknown) => deps.log.error({ err: error }, "recovery-code alert failed"));
};

/**
 * Called once a new set of recovery codes replaced the person's earlier one: the activity
 * event (with where it came from) and the alert mail, like a used code.
 */
export const onRecoveryCodesRegenerated = async (
  deps: SignInRecorderDeps,
  person: AlertRecipient & { readonly id: string },
  origin: SignInOrigin,
): Promise<void> => {
  await recordSecurityEvent(deps.db, person.id, "recovery-codes-regenerated", {
    ...whereFrom(origin).details,
  });
  await sendSecurityAlert(
    deps,
    person,
    { kind: "recovery-codes-regenerated" },
    { device: alertDevice(origin.userAgent) },
  ).catch((error: unknown) => deps.log.error({ err: error }, "recovery-codes alert failed"));
};
