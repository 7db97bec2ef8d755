/**
 * The one place a passkey change is announced: the activity event and the alert mail
 * (reportFactorChange of ../../activity), so the provider's steps need no change for them.
 */
import { reportFactorChange } from "../../activity/factor-events.js";
import type { AlertRecipient } from "../../activity/security-alerts.js";
import type { SignInRecorderDeps } from "../../activity/sign-in-events.js";

/**
 * Where a passkey change is reported (the activity log and the alert mailer), and the
 * User-Agent of the request that made it (the alert names its browser and system).
 */
export interface PasskeyEventContext extends SignInRecorderDeps {
  readonly userAgent: string | undefined;
  /**
   * The person the alert goes to (undefined: gone meanwhile). A port, so this room needs
   * nothing of the provider that reads its account rows (provider/oidc/account-claims.ts).
   */
  readonly findPerson: (
    personId: string,
  ) => Promise<(AlertRecipient & { readonly id: string }) | undefined>;
}

/** The passkey a change was about. */
export interface PasskeyEvent {
  readonly personId: string;
  readonly passkeyId: string;
  readonly name: string;
  readonly passwordless: boolean;
}

const report = async (
  context: PasskeyEventContext,
  event: PasskeyEvent,
  kind: "passkey-added" | "passkey-removed",
): Promise<void> => {
  context.log.info(
    { personId: event.personId, passkeyId: event.passkeyId, passwordless: event.passwordless },
    kind,
  );
  const person = await context.findPerson(event.personId);
  if (person) await reportFactorChange(context, person, kind, "passkey", context.userAgent);
};

/** A passkey was registered (after it is stored). */
export const onPasskeyAdded = (context: PasskeyEventContext, event: PasskeyEvent) =>
  report(context, event, "passkey-added");

/** A passkey was removed (after the row is gone). */
export const onPasskeyRemoved = (context: PasskeyEventContext, event: PasskeyEvent) =>
  report(context, event, "passkey-removed");
