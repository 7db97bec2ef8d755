import { API_ROUTES, type MailSentResponse } from "@portal/contracts";
import { isMemberUser } from "@portal/core";
import { eq } from "drizzle-orm";
import { recordSecurityEvent } from "../activity/security-events.js";
import { persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { requireFreshSignIn } from "../http/fresh-sign-in.js";
import { ERASURE_NOTICE_TEMPLATE } from "../mail/templates/account-deleted.js";
import { enforceLimits } from "./abuse-limits.js";
import { closeAccount } from "./account-closure.js";
import { endSignInsAfter, endSignInsBefore } from "./end-sign-ins.js";
import { mailLinks } from "./mail-links.js";
import { consumeToken, findLiveToken, issueToken } from "./mail-tokens.js";
import { maskedAddress } from "./masked-address.js";
import { findPersonById, lockPerson } from "./person-store.js";
import { eraseTraces } from "./person-traces.js";
import { enforceResendCooldown } from "./resend-cooldown.js";

/**
 * `POST /persons/me/request-deletion` (mail, link valid 10 days) and `POST
 * /persons/confirm-deletion`: erases at once, or with DELETION_GRACE_DAYS > 0 closes the
 * account and mails a restore link (privacy/account-restore.ts) valid until the erasure.
 */
export const deletionPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.requestDeletion, async ({ caller: { user, person } }) => {
    const now = deps.clock.now();
    // Member users cannot delete their account (spec section 6); the stored membership
    // counts too, in case the token predates it.
    if (isMemberUser(user.claims) || person.memberMapping) {
      throw apiError(403, "MEMBER_CANNOT_DELETE");
    }
    requireFreshSignIn(user, now);
    // The request and its resend are one call: one deletion mail per cooldown.
    await enforceResendCooldown(deps.limiter, "deletion", person.id);
    // Checked again on the locked row and issued under that lock: a membership linked
    // meanwhile either shows here or, linked after, retires this link (membership-link.ts).
    const { token, recipient } = await deps.database.transaction(async (tx) => {
      const locked = await lockPerson(tx, person.id);
      if (!locked) throw apiError(404, "NOT_FOUND");
      if (locked.memberMapping) throw apiError(403, "MEMBER_CANNOT_DELETE");
      const issued = await issueToken(tx, { kind: "DELETION", personId: person.id, now });
      return { token: issued, recipient: locked };
    });
    await deps.mailer.send({
      to: recipient.email,
      template: "accountDeletion",
      language: recipient.preferredLanguage,
      params: {
        link: mailLinks(deps.config.publicUrl).deletion(token),
        graceDays: deps.config.deletionGraceDays,
      },
    });
    await recordSecurityEvent(deps.database.db, person, "deletion-requested");
    return { email: recipient.email } satisfies MailSentResponse;
  });

  // Mail gateways open links by themselves: the page behind the link asks here whose
  // account it deletes and waits for a last click. Reads only: the link stays usable. An
  // unusable link says no more than that.
  apiRoute(app, deps, API_ROUTES.checkDeletionToken, async ({ body: { optOutToken }, request }) => {
    await enforceLimits(deps.limiter, request, "deletion-check");
    const live = await findLiveToken(deps.database.db, ["DELETION"], optOutToken, deps.clock.now());
    const person = live && (await findPersonById(deps.database.db, live.personId));
    if (!person) return { valid: false };
    const graceDays = deps.config.deletionGraceDays;
    return {
      valid: true,
      maskedEmail: maskedAddress(person.email),
      ...(graceDays > 0 ? { graceDays } : {}),
    };
  });

  apiRoute(app, deps, API_ROUTES.confirmDeletion, async ({ body: { optOutToken }, request }) => {
    const now = deps.clock.now();
    const graceDays = deps.config.deletionGraceDays;
    // Closed or erased, the account's sign-ins end: first, so a provider that cannot be
    // reached leaves the account and the link as they were (end-sign-ins.ts).
    const live = await findLiveToken(deps.database.db, ["DELETION"], optOutToken, now);
    const owner = live && (await findPersonById(deps.database.db, live.personId));
    // A member's link is refused below (MEMBER_CANNOT_DELETE): nobody is signed out for it.
    if (owner && !owner.memberMapping) await endSignInsBefore(deps, owner.id);
    const done = await deps.database.transaction(async (tx) => {
      // The person's row is locked before the link is used (lockPerson in person-store.ts
      // says why), so a membership linked at the same time is either seen here or waits.
      const live = await findLiveToken(tx, ["DELETION"], optOutToken, now);
      const person = live && (await lockPerson(tx, live.personId));
      if (!person) throw apiError(400, "INVALID_OPT_IN", "optOutToken");
      // A member user since the link was mailed: members cannot delete their account
      // (spec section 6), the same answer as the request's. The link stays unused.
      if (person.memberMapping) throw apiError(403, "MEMBER_CANNOT_DELETE");
      if (!(await consumeToken(tx, ["DELETION"], optOutToken, now))) {
        throw apiError(400, "INVALID_OPT_IN", "optOutToken");
      }
      // With a grace period (DELETION_GRACE_DAYS) the account is closed now and erased by
      // the retention purge when the period ends (account-closure.ts).
      if (graceDays > 0) return { person, closed: await closeAccount(tx, person, now, graceDays) };
      // Tokens, second factors, password history, identity sessions and grants go with
      // the person (foreign keys cascade); a linked membership is released; the mails
      // kept for every address the person used, and the sign-in failures counted for
      // them, are personal data too.
      await eraseTraces(tx, person);
      await tx.delete(persons).where(eq(persons.id, person.id));
      return { person, closed: undefined };
    });
    const { person, closed } = done;
    await endSignInsAfter(deps, person.id, request.log);
    if (closed) {
      // The one mail a closed account gets: when it is erased, and the way back until then.
      await deps.mailer.send({
        to: person.email,
        template: "accountClosed",
        language: person.preferredLanguage,
        params: {
          restoreLink: mailLinks(deps.config.publicUrl).restoreAccount(closed.restoreToken),
          eraseAt: closed.eraseAt.toISOString(),
        },
      });
      request.log.info("account closed for its grace period");
      return;
    }
    // The erasure is confirmed to the address it was asked from; the mail carries no link
    // into the account, which no longer exists.
    await deps.mailer.send({
      to: person.email,
      template: ERASURE_NOTICE_TEMPLATE,
      language: person.preferredLanguage,
      params: {},
      log: false,
    });
    request.log.info("account deleted");
  });
};
