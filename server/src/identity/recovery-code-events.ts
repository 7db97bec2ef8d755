import { RECOVERY_CODES_LOW } from "@portal/core";
import type { AlertRecipient } from "../activity/security-alerts.js";
import { alertDevice, sendSecurityAlert } from "../activity/security-alerts.js";
import { recordSecurityEvent } from "../activity/security-events.js";
import {
  type SignInOrigin,
  type SignInRecorderDeps,
  whereFrom,
} from "../activity/sign-in-events.js";

// The one place that learns that a recovery code signed someone in: the security activity
// log gets the event (with browser, system and shortened address) and the person an alert
// mail naming how many codes are left and the browser and system the code came from, so
// every use reaches both the same way.

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
    deps.mailer,
    deps.publicUrl,
    use.person,
    { kind: "recovery-code-used", left: use.remaining },
    { device: alertDevice(use.origin.userAgent) },
  ).catch((error: unknown) => deps.log.error({ err: error }, "recovery-code alert failed"));
};
