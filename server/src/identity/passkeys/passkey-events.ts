import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { Mailer } from "../../mail/mailer.js";
import type { PageLanguage } from "../pages/texts.js";

/** Where a passkey change happened: what a security event or an alert mail needs. */
export interface PasskeyEventContext {
  readonly db: Db;
  readonly mailer: Mailer;
  readonly log: FastifyBaseLogger;
  /** The language of the page the person used (an alert mail's language). */
  readonly language: PageLanguage;
  readonly ip: string;
  readonly userAgent: string | undefined;
}

/** The passkey a change was about. */
export interface PasskeyEvent {
  readonly personId: string;
  readonly passkeyId: string;
  readonly name: string;
  readonly passwordless: boolean;
}

// The one place a passkey change is announced: the activity log (recordSecurityEvent)
// and the alert mail are wired in here, so the provider's steps need no change for them.

/** A passkey was registered (after it is stored). */
export const onPasskeyAdded = async (
  context: PasskeyEventContext,
  event: PasskeyEvent,
): Promise<void> => {
  context.log.info(
    { personId: event.personId, passkeyId: event.passkeyId, passwordless: event.passwordless },
    "passkey added",
  );
};

/** A passkey was removed (after the row is gone). */
export const onPasskeyRemoved = async (
  context: PasskeyEventContext,
  event: PasskeyEvent,
): Promise<void> => {
  context.log.info(
    { personId: event.personId, passkeyId: event.passkeyId, passwordless: event.passwordless },
    "passkey removed",
  );
};
