/**
 * "This wasn't me": securing an account, from the link of a security alert or from the
 * signed-in security page. One transaction ends every sign-in (and whatever else
 * {@link SECURING_REVOCATIONS} lists), marks the account secured (the current password
 * signs nobody in until a reset by mail lifts it, interactions/password-steps.ts), records the activity
 * and issues the reset link; the mails go after the commit.
 */

import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  consumeSecureAccountToken,
  secureAccountTokenOwner,
} from "../activity/secure-account-link.js";
import { alertDevice } from "../activity/security-alerts.js";
import { recordSecurityEvent } from "../activity/security-events.js";
import {
  hasSuspendedFactor,
  revokeRememberedDevices,
  suspendFactors,
} from "../credentials/index.js";
import type { Tx } from "../db/client.js";
import { type MailTokenKind, type PersonRow, persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import type { AppDeps } from "../http/app-deps.js";
import { endEverySignIn } from "../provider/index.js";
import { retirePendingChange } from "./email-change-undo.js";
import { endSignInsBefore } from "./end-sign-ins.js";
import { mailLinks } from "./mail-links.js";
import { issueToken, retireTokens } from "./mail-tokens.js";
import { lockPerson } from "./person-store.js";

/** One thing securing takes away from whoever is in the account, run in its transaction. */
export type Revocation = (tx: Tx, personId: string, now: Date) => Promise<unknown>;

/**
 * The open links securing retires: older reset links (one may have been asked for by the
 * intruder; a fresh one goes out), deletion links, and the other "This wasn't me" links
 * (the account is secured; an old alert must not do it again after the reset). The revert
 * links of a changed address stay: they are the owner's way back to it.
 */
const RETIRED_LINKS: ReadonlyArray<MailTokenKind> = [
  "PASSWORD_RESET",
  "DELETION",
  "SECURE_ACCOUNT",
];

/**
 * What securing revokes, in this order, in one transaction. Each entry takes the open
 * transaction and the person; add a revocation here (remembered devices:
 * `revokeRememberedDevices`) and every way of securing runs it.
 */
export const SECURING_REVOCATIONS: ReadonlyArray<Revocation> = [
  // Sessions, grants, access and refresh tokens of the embedded provider.
  (tx, personId) => endEverySignIn(tx, personId),
  // Browsers told "don't ask again": the intruder's may be one of them.
  (tx, personId) => revokeRememberedDevices(tx, personId),
  // Every app, e-mail factor and passkey: one may be the intruder's. Suspended, they sign
  // nobody in until the person keeps or removes each
  // (credentials/suspended-factors/suspended-factors.ts).
  (tx, personId, now) => suspendFactors(tx, personId, now),
  // A pending e-mail change asked for by the intruder ends with its links.
  (tx, personId, now) => retirePendingChange(tx, personId, now),
  (tx, personId, now) => retireTokens(tx, personId, RETIRED_LINKS, now),
];

/** How securing was asked for: by an alert's link (its token), or by the signed-in person. */
export type SecuringRequest =
  | { readonly via: "link"; readonly token: string }
  | { readonly via: "signed-in"; readonly personId: string };

/** What was secured: the person as locked, the reset link's token and the alert's address. */
interface Secured {
  readonly person: PersonRow;
  readonly resetToken: string;
  /** The address the alert went to, when the account has another one now. */
  readonly previousEmail: string | undefined;
  /** Whether second factors or passkeys are suspended (the mails say how to sign in). */
  readonly factorsPaused: boolean;
}

const spent = () => apiError(400, "INVALID_OPT_IN", "secureToken");

/**
 * Secures the account in one transaction (see the file's comment). By link: the link is
 * spent in the same statement that checks it, so of any number of clicks at once exactly
 * one secures and the others answer 400 INVALID_OPT_IN like every used mail link.
 */
const secureInOneTransaction = (
  deps: AppDeps,
  request: SecuringRequest,
  now: Date,
): Promise<Secured> =>
  deps.database.transaction(async (tx) => {
    const personId =
      request.via === "link"
        ? await secureAccountTokenOwner(tx, request.token, now)
        : request.personId;
    // The person's row first, then the link (lockPerson says why): two links of one person
    // clicked at once queue here, and the second finds its link retired by the first.
    const person = personId && (await lockPerson(tx, personId));
    if (!person) throw spent();
    let sentTo: string | undefined;
    if (request.via === "link") {
      const row = await consumeSecureAccountToken(tx, request.token, now);
      if (!row) throw spent();
      sentTo = row.payload?.sentTo;
    }
    for (const revoke of SECURING_REVOCATIONS) await revoke(tx, person.id, now);
    const factorsPaused = await hasSuspendedFactor(tx, person.id);
    await tx
      .update(persons)
      .set({ securedAt: now, updatedAt: now })
      .where(eq(persons.id, person.id));
    await recordSecurityEvent(tx, person, "account-secured", {}, now);
    const resetToken = await issueToken(tx, { kind: "PASSWORD_RESET", personId: person.id, now });
    return {
      person,
      resetToken,
      previousEmail: sentTo && sentTo !== person.email ? sentTo : undefined,
      factorsPaused,
    };
  });

/**
 * Secures the account and mails: the reset link and what happened to the current address,
 * and, when the alert went to an address the account has left since, what happened and
 * what to do to that one. A failed mail is logged and never undoes the securing, nor turns
 * the answer into an error (a new reset mail is one "password forgotten" away).
 */
export const secureAccount = async (
  deps: AppDeps,
  request: SecuringRequest,
  origin: { readonly userAgent: string | undefined; readonly log: FastifyBaseLogger },
): Promise<void> => {
  const now = deps.clock.now();
  // The sign-ins an external provider (Keycloak) holds end first, outside the transaction:
  // when it cannot be reached nothing is written, the answer is an error and the link still
  // works for another try. (The embedded provider's end in the transaction as well.)
  const owner =
    request.via === "link"
      ? await secureAccountTokenOwner(deps.database.db, request.token, now)
      : request.personId;
  if (owner) await endSignInsBefore(deps, owner);
  const secured = await secureInOneTransaction(deps, request, now);
  const { person } = secured;
  // Once more after the commit: a sign-in that slipped in between ends too. Logged when it
  // fails: the account is secured and its password refused by then.
  await deps.sessions
    .revokeAllForPerson(person.id)
    .catch((error: unknown) => origin.log.error({ err: error }, "ending sign-ins again failed"));
  await sendSecuredMails(deps, secured, now, origin.userAgent).catch((error: unknown) =>
    origin.log.error({ err: error }, "account-secured mails failed"),
  );
};

/** The reset link and what happened, to the account's address (and the alert's, if another). */
const sendSecuredMails = async (
  deps: AppDeps,
  { person, resetToken, previousEmail, factorsPaused }: Secured,
  now: Date,
  userAgent: string | undefined,
): Promise<void> => {
  const links = mailLinks(deps.config.publicUrl);
  const language = person.preferredLanguage;
  await deps.mailer.send({
    to: person.email,
    template: "passwordReset",
    language,
    params: { link: links.passwordReset(resetToken, person.postRegistrationToken) },
  });
  const told = {
    email: person.email,
    resetLink: links.passwordForgotten(),
    at: now.toISOString(),
    device: alertDevice(userAgent),
    factorsPaused,
  };
  await deps.mailer.send({
    to: person.email,
    template: "accountSecured",
    language,
    params: { ...told, previous: false },
  });
  if (previousEmail) {
    await deps.mailer.send({
      to: previousEmail,
      template: "accountSecured",
      language,
      params: { ...told, previous: true },
    });
  }
};
