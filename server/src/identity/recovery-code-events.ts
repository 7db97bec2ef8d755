import { RECOVERY_CODES_LOW } from "@portal/core";
import type { FastifyBaseLogger } from "fastify";

// The one place that learns that a recovery code signed someone in. The security activity
// log and the alert mail ("a recovery code of your account was used") hook in here, so
// every use reaches them the same way; for now the use is written to the server's log.

/** What is known about one use of a recovery code. */
export interface RecoveryCodeUse {
  readonly personId: string;
  /** Unused codes left after this one. */
  readonly remaining: number;
  /** The client address the sign-in came from. */
  readonly ip: string;
}

/** Called once for each accepted recovery code, after the code is spent. */
export const onRecoveryCodeUsed = async (
  log: FastifyBaseLogger,
  use: RecoveryCodeUse,
): Promise<void> => {
  log.info(
    // No person id or address in the log (log-redaction.ts): the count says enough here.
    { remaining: use.remaining, low: use.remaining <= RECOVERY_CODES_LOW },
    "recovery code used",
  );
};
