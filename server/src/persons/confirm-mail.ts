import { normaliseEmail } from "@portal/core";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { alertDevice } from "../activity/security-alerts.js";
import { recordSecurityEvent } from "../activity/security-events.js";
import { type MailTokenKind, persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import type { AppDeps } from "../http/app-deps.js";
import { isUniqueViolation } from "../http/database-errors.js";
import { endSignInsAfter, endSignInsBefore } from "./end-sign-ins.js";
import { mailLinks } from "./mail-links.js";
import { consumeToken, findLiveToken, issueToken, retireTokens } from "./mail-tokens.js";
import { lockPerson } from "./person-store.js";

const CONFIRMED_KINDS: ReadonlyArray<MailTokenKind> = ["OPT_IN", "EMAIL_CHANGE"];

/**
 * The open tokens of a person that a confirmed e-mail change retires: every mailed kind
 * but the revert links. An older revert link stays: an attacker who changes the address
 * twice must not shake off the first owner's way back (7 days).
 */
export const RETIRED_BY_ADDRESS_CHANGE: ReadonlyArray<MailTokenKind> = [
  "EMAIL_CHANGE",
  "EMAIL_CHANGE_CANCEL",
  "PASSWORD_RESET",
  "DELETION",
  "OPT_IN",
];

/**
 * `POST /persons/confirm-mail-address`: an opt-in token confirms the registration; an
 * e-mail-change token switches the address (and tells the old one). Unknown, used,
 * expired or other-kind tokens answer 400 INVALID_OPT_IN. Answers the person's id.
 */
export const confirmMailToken = async (
  deps: AppDeps,
  token: string,
  userAgent: string | undefined,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<string> => {
  const now = deps.clock.now();
  // An e-mail change's link ends every sign-in: first, so that a provider that cannot be
  // reached leaves the address as it was and the link usable (end-sign-ins.ts).
  const live = await findLiveToken(deps.database.db, ["EMAIL_CHANGE"], token, now);
  if (live) await endSignInsBefore(deps, live.personId);
  const outcome = await deps.database
    .transaction(async (tx) => {
      // The person's row is locked before the token is used (lockPerson says why); the
      // token is then used in one statement, so of parallel uses exactly one gets it.
      const live = await findLiveToken(tx, CONFIRMED_KINDS, token, now);
      const person = live && (await lockPerson(tx, live.personId));
      if (!person) throw apiError(400, "INVALID_OPT_IN", "confirmationToken");
      const row = await consumeToken(tx, CONFIRMED_KINDS, token, now);
      if (!row) throw apiError(400, "INVALID_OPT_IN", "confirmationToken");
      if (row.kind === "OPT_IN") {
        await tx
          .update(persons)
          .set({ emailConfirmedAt: person.emailConfirmedAt ?? now, updatedAt: now })
          .where(eq(persons.id, person.id));
        return { personId: person.id, change: undefined };
      }
      const newEmail = normaliseEmail(row.payload?.newEmail ?? "");
      const [taken] = await tx
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.email, newEmail), ne(persons.id, person.id)));
      // Someone registered the address since the link was sent: the link no longer works.
      if (!newEmail || taken) throw apiError(400, "INVALID_OPT_IN", "confirmationToken");
      await tx
        .update(persons)
        .set({ email: newEmail, emailConfirmedAt: now, updatedAt: now })
        .where(eq(persons.id, person.id));
      // Links mailed to the old address (reset, deletion, opt-in) and other change links
      // stop working with the switch: whoever still reads the old mailbox (handed over,
      // compromised) must not reset the password or delete the account now living at the
      // new one. One statement, in the switch's transaction: both stand or neither does.
      await retireTokens(tx, person.id, RETIRED_BY_ADDRESS_CHANGE, now);
      // The old address gets the way back (issue 29): bound to the person and the address
      // it restores, stored as a hash like every link.
      const revertToken = await issueToken(tx, {
        kind: "EMAIL_REVERT",
        personId: person.id,
        now,
        payload: { oldEmail: person.email, newEmail },
      });
      await recordSecurityEvent(tx, person, "email-changed");
      const change = {
        oldEmail: person.email,
        newEmail,
        language: person.preferredLanguage,
        revertToken,
      };
      return { personId: person.id, change };
    })
    .catch((error: unknown) => {
      // Another account took the address in a parallel confirmation (the check above saw
      // neither): nothing was written, and this link answers as one whose address is taken.
      if (isUniqueViolation(error)) throw apiError(400, "INVALID_OPT_IN", "confirmationToken");
      throw error;
    });
  const { personId, change } = outcome;
  if (change) {
    // The page asks the person to sign in again with the new address: every sign-in ends
    // (issue 46), so the other tabs' session check signs them out instead of showing the
    // old address until a reload.
    await endSignInsAfter(deps, personId, log);
    await deps.mailer.send({
      to: change.oldEmail,
      template: "emailChanged",
      language: change.language,
      params: {
        newEmail: change.newEmail,
        revertLink: mailLinks(deps.config.publicUrl).revertEmailChange(change.revertToken),
        at: now.toISOString(),
        device: alertDevice(userAgent),
      },
    });
  }
  return personId;
};
