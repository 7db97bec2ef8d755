import { API_ROUTES, type MailSentResponse } from "@portal/contracts";
import { isAsciiOnly, isEmail, TEXT_MAX_LENGTH } from "@portal/core";
import { alertDevice, sendSecurityAlert } from "../activity/security-alerts.js";
import { recordSecurityEvent } from "../activity/security-events.js";
import type { PersonRow } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { AppDeps, PortalPlugin } from "../http/app-deps.js";
import { requireFreshSignIn } from "../http/fresh-sign-in.js";
import { enforceLimits } from "./abuse-limits.js";
import { mailLinks } from "./mail-links.js";
import { findOpenToken, issueToken, retireTokens } from "./mail-tokens.js";
import { sendAlreadyRegisteredMail } from "./person-mails.js";
import { findPersonByEmail, lockPerson, normaliseEmail } from "./person-store.js";
import { enforceResendCooldown } from "./resend-cooldown.js";

/**
 * Records `newEmail` as the pending change (older links stop working) and mails its
 * confirmation link. A new request (`withCancel`) also gets a cancel link for the alert to
 * the current address, issued in the same transaction; it is answered. When the address belongs to another account, that address gets the
 * already-registered notice instead, but the change is pending all the same: the caller's
 * answers, to this call and to a resend, do not tell whether the address has an account.
 */
const sendChangeMail = async (
  deps: AppDeps,
  person: PersonRow,
  newEmail: string,
  withCancel = false,
): Promise<string | undefined> => {
  const now = deps.clock.now();
  const links = mailLinks(deps.config.publicUrl);
  const owner = await findPersonByEmail(deps.database.db, newEmail);
  // The person's row is locked before its tokens, as every flow that writes both does
  // (lockPerson says why): taken the other way round, this request and a confirmation or
  // deletion running at once deadlocked on PostgreSQL.
  const { token, cancel } = await deps.database.transaction(async (tx) => {
    const locked = await lockPerson(tx, person.id);
    if (!locked) throw apiError(404, "NOT_FOUND");
    await retireTokens(tx, locked.id, "EMAIL_CHANGE", now);
    const issued = await issueToken(tx, {
      kind: "EMAIL_CHANGE",
      personId: locked.id,
      now,
      // The address it replaces is kept too (as it is now, under the lock): deleting the
      // account finds its mails by it.
      payload: { newEmail, oldEmail: locked.email },
    });
    // Earlier alerts' cancel links stay valid: each cancels whatever change is pending.
    const cancelToken = withCancel
      ? await issueToken(tx, { kind: "EMAIL_CHANGE_CANCEL", personId: locked.id, now })
      : undefined;
    return { token: issued, cancel: cancelToken };
  });
  // The link goes to nobody here; confirming it would fail on the taken address anyway.
  if (owner && owner.id !== person.id) {
    await sendAlreadyRegisteredMail(deps, owner);
    return cancel;
  }
  await deps.mailer.send({
    to: newEmail,
    template: "emailChangeConfirm",
    language: person.preferredLanguage,
    params: { link: links.emailChange(token) },
  });
  return cancel;
};

/** `POST /persons/me/change-mail-address` and its resend `POST /persons/me/resend-opt-in-mail`. */
export const emailChangePlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(
    app,
    deps,
    API_ROUTES.changeMailAddress,
    async ({ caller: { user, person }, body, request }) => {
      const newEmail = normaliseEmail(body.newEmail);
      if (newEmail === "") throw apiError(400, "FIELD_EMPTY", "newEmail");
      if (!isEmail(newEmail) || !isAsciiOnly(newEmail) || newEmail.length > TEXT_MAX_LENGTH) {
        throw apiError(400, "EMAIL_NOT_VALID", "newEmail");
      }
      // 'The email address corresponds to the one currently used.'
      if (newEmail === person.email) throw apiError(400, "EMAIL_UNCHANGED", "newEmail");
      // Checked after the form's own rules, so a wrong entry is said before a new sign-in.
      requireFreshSignIn(user, deps.clock.now());
      await enforceLimits(deps.limiter, request, "change-mail", newEmail);
      const cancel = await sendChangeMail(deps, person, newEmail, true);
      // The old address hears of it, with the one-click way to stop whoever asked.
      await recordSecurityEvent(deps.database.db, person, "email-change-requested");
      await sendSecurityAlert(
        { db: deps.database.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
        person,
        {
          kind: "email-change-requested",
          newEmail,
          cancelLink: mailLinks(deps.config.publicUrl).cancelEmailChange(cancel ?? ""),
        },
        { at: deps.clock.now(), device: alertDevice(request.headers["user-agent"]) },
      );
      return { email: newEmail } satisfies MailSentResponse;
    },
  );

  apiRoute(
    app,
    deps,
    API_ROUTES.resendChangeMailAddress,
    async ({ caller: { person }, request }) => {
      const now = deps.clock.now();
      const pending = await findOpenToken(deps.database.db, person.id, "EMAIL_CHANGE", now);
      const newEmail = pending?.payload?.newEmail;
      if (!newEmail) throw apiError(404, "NOT_FOUND");
      await enforceResendCooldown(deps.limiter, "email-change", person.id);
      await enforceLimits(deps.limiter, request, "change-mail", newEmail);
      await sendChangeMail(deps, person, newEmail);
      return { email: newEmail } satisfies MailSentResponse;
    },
  );
};
