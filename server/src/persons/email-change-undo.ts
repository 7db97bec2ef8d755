import { API_ROUTES } from "@portal/contracts";
import { normaliseEmail } from "@portal/core";
import { and, eq, ne } from "drizzle-orm";
import { alertDevice } from "../activity/security-alerts.js";
import { recordSecurityEvent } from "../activity/security-events.js";
import type { Executor } from "../db/client.js";
import { type MailTokenKind, persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { isUniqueViolation } from "../http/database-errors.js";
import { answerAfterIdentityPush } from "../http/identity-push.js";
import { RETIRED_BY_ADDRESS_CHANGE } from "./confirm-mail.js";
import { endSignInsAfter, endSignInsBefore } from "./end-sign-ins.js";
import { mailLinks } from "./mail-links.js";
import { consumeToken, findLiveToken, retireTokens } from "./mail-tokens.js";
import { lockPerson } from "./person-store.js";

/** What a pending change consists of: its link to the new address and the cancel links. */
const PENDING_CHANGE: ReadonlyArray<MailTokenKind> = ["EMAIL_CHANGE", "EMAIL_CHANGE_CANCEL"];

/**
 * Retires the person's pending e-mail change (its confirmation link answers INVALID_OPT_IN
 * from now on) and records it in the activity when one was open. Call it under the
 * person's row lock, in the transaction of the write that calls for it: a new password
 * (the alert's advice to someone who did not ask for the change), or a cancel. True when
 * a live change was retired.
 */
export const retirePendingChange = async (
  tx: Executor,
  personId: string,
  now: Date,
): Promise<boolean> => {
  const retired = await retireTokens(tx, personId, PENDING_CHANGE, now);
  const live = retired.some((row) => row.kind === "EMAIL_CHANGE" && row.expiresAt > now);
  if (live) await recordSecurityEvent(tx, personId, "email-change-cancelled");
  return live;
};

/**
 * Cancel a pending change (signed in, or by the link in the alert to the current address)
 * and revert a confirmed one (by the link to the old address).
 */
export const emailChangeUndoPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.cancelMailAddressChange, async ({ caller: { person } }) => {
    const now = deps.clock.now();
    const cancelled = await deps.database.transaction(async (tx) => {
      // The row lock orders this after a confirmation running at once (which retires the
      // change under the same lock): either the change is cancelled or it is confirmed.
      await lockPerson(tx, person.id);
      return retirePendingChange(tx, person.id, now);
    });
    if (!cancelled) throw apiError(404, "NO_OPEN_EMAIL_CHANGE");
  });

  // A link-checking mail gateway opens links; the page behind the link posts only after a
  // click, so opening it cancels nothing.
  apiRoute(app, deps, API_ROUTES.cancelMailAddressChangeByToken, async ({ body, request }) => {
    const now = deps.clock.now();
    await deps.database.transaction(async (tx) => {
      const live = await findLiveToken(tx, ["EMAIL_CHANGE_CANCEL"], body.cancelToken, now);
      const person = live && (await lockPerson(tx, live.personId));
      if (!person) throw apiError(400, "INVALID_OPT_IN", "cancelToken");
      // One statement takes the link: of parallel clicks exactly one gets it.
      if (!(await consumeToken(tx, ["EMAIL_CHANGE_CANCEL"], body.cancelToken, now))) {
        throw apiError(400, "INVALID_OPT_IN", "cancelToken");
      }
      // Nothing left to cancel (confirmed changes retire their cancel links, so this is a
      // change that expired): the link is as good as spent.
      if (!(await retirePendingChange(tx, person.id, now))) {
        throw apiError(400, "INVALID_OPT_IN", "cancelToken");
      }
    });
    request.log.info("e-mail change cancelled by link");
  });

  apiRoute(app, deps, API_ROUTES.revertMailAddress, async ({ body, request }) => {
    const now = deps.clock.now();
    // Whoever changed the address may be signed in: their sign-ins end first, so a provider
    // that cannot be reached changes nothing and the link works again (end-sign-ins.ts).
    const owner = await findLiveToken(deps.database.db, ["EMAIL_REVERT"], body.revertToken, now);
    if (owner) await endSignInsBefore(deps, owner.personId);
    const reverted = await deps.database
      .transaction(async (tx) => {
        const live = await findLiveToken(tx, ["EMAIL_REVERT"], body.revertToken, now);
        const person = live && (await lockPerson(tx, live.personId));
        if (!person) throw apiError(400, "INVALID_OPT_IN", "revertToken");
        const row = await consumeToken(tx, ["EMAIL_REVERT"], body.revertToken, now);
        const oldEmail = normaliseEmail(row?.payload?.oldEmail ?? "");
        if (!row || !oldEmail) throw apiError(400, "INVALID_OPT_IN", "revertToken");
        const [taken] = await tx
          .select({ id: persons.id })
          .from(persons)
          .where(and(eq(persons.email, oldEmail), ne(persons.id, person.id)));
        // Thrown inside the transaction: the link stays unused, for a try once resolved.
        if (taken) throw apiError(409, "EMAIL_ADDRESS_TAKEN");
        await tx
          .update(persons)
          .set({ email: oldEmail, emailConfirmedAt: now, updatedAt: now })
          .where(eq(persons.id, person.id));
        // Every link the account has open (a reset asked for at the new address, a pending
        // change, other revert links) was asked for by whoever held it: none of it stays.
        await retireTokens(
          tx,
          person.id,
          [...RETIRED_BY_ADDRESS_CHANGE, "EMAIL_CHANGE_CANCEL", "EMAIL_REVERT"],
          now,
        );
        await recordSecurityEvent(tx, person, "email-change-reverted");
        return { personId: person.id, email: oldEmail, language: person.preferredLanguage };
      })
      .catch((error: unknown) => {
        // Another account took the address in the same moment (the check saw neither).
        if (isUniqueViolation(error)) throw apiError(409, "EMAIL_ADDRESS_TAKEN");
        throw error;
      });
    // Whoever changed the address may be signed in: every session and refresh token ends.
    await endSignInsAfter(deps, reverted.personId, request.log);
    await deps.mailer.send({
      to: reverted.email,
      template: "emailReverted",
      language: reverted.language,
      params: {
        email: reverted.email,
        resetLink: mailLinks(deps.config.publicUrl).passwordForgotten(),
        devicesLink: mailLinks(deps.config.publicUrl).signInDevices(),
        at: now.toISOString(),
        device: alertDevice(request.headers["user-agent"]),
      },
    });
    request.log.info("e-mail change reverted");
    // Next the owner signs in with the old address (http/identity-push.ts).
    answerAfterIdentityPush(request, reverted.personId);
  });
};
