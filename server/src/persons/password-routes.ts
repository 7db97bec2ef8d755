import { API_ROUTES, type ErrorEntry } from "@portal/contracts";
import { checkPassword } from "@portal/core";
import { eq } from "drizzle-orm";
import { alertDevice, sendSecurityAlert } from "../activity/security-alerts.js";
import { recordSecurityEvent } from "../activity/security-events.js";
import { hasSuspendedFactor, revokeRememberedDevices } from "../credentials/index.js";
import { type PersonRow, persons } from "../db/schema/index.js";
import { apiError, apiErrors } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { requireFreshSignIn } from "../http/fresh-sign-in.js";
import { answerAfterIdentityPush } from "../http/identity-push.js";
import { hashPassword } from "../security/password-hash.js";
import { enforceLimits } from "./abuse-limits.js";
import { proveCurrentPassword } from "./current-password.js";
import { retirePendingChange } from "./email-change-undo.js";
import { endSignInsAfter, endSignInsBefore } from "./end-sign-ins.js";
import { consumeToken, findLiveToken, retireTokens } from "./mail-tokens.js";
import { isInPasswordHistory, replacePassword, storePassword } from "./password-store.js";
import { findPersonById, lockPerson } from "./person-store.js";
import { requestPasswordResetMail, requireMailAddressFormat } from "./queued-mails.js";

/**
 * The new-password checks shared by reset and change: core's policy with the person as
 * context (PASSWORD_* codes, trivial values and patterns; on a change the proven current
 * password, as the meter reads it from the form), then the last five passwords.
 */
const newPasswordErrors = async (
  deps: Parameters<PortalPlugin>[1]["deps"],
  person: PersonRow,
  password: string,
  currentPassword: string | null = null,
): Promise<ErrorEntry[]> => {
  if (password === "") return [{ errorCode: "NEW_PASSWORD_MISSING", field: "newPassword" }];
  const policy = checkPassword(password, {
    givenName: person.givenName,
    surName: person.surName,
    email: person.email,
    currentPassword,
  });
  if (!policy.ok)
    return policy.errorCodes.map((errorCode) => ({ errorCode, field: "newPassword" }));
  if (await isInPasswordHistory(deps.database.db, person.id, password)) {
    return [{ errorCode: "PASSWORD_IN_HISTORY", field: "newPassword" }];
  }
  return [];
};

/** The activity event and the alert of a new password (changed or reset). */
const passwordChanged = async (
  deps: Parameters<PortalPlugin>[1]["deps"],
  person: PersonRow,
  userAgent: string | undefined,
  emailChangeCancelled: boolean,
) => {
  await recordSecurityEvent(deps.database.db, person, "password-changed");
  await sendSecurityAlert(
    { db: deps.database.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
    person,
    { kind: "password-changed", emailChangeCancelled },
    { at: deps.clock.now(), device: alertDevice(userAgent) },
  );
};

/**
 * The person a reset link (its token) still works for, or null: unknown, used, retired,
 * expired, of another kind, or its person gone. Reads only: the link stays usable.
 */
const resetLinkPerson = async (
  deps: Parameters<PortalPlugin>[1]["deps"],
  passwordResetToken: string,
  now: Date,
): Promise<PersonRow | null> => {
  const live = await findLiveToken(deps.database.db, ["PASSWORD_RESET"], passwordResetToken, now);
  return (live && (await findPersonById(deps.database.db, live.personId))) || null;
};

/** Password forgotten (mail), password reset (token) and password change (signed in). */
export const passwordPlugin: PortalPlugin = async (app, { deps }) => {
  // Same answer, and the same work, for every address: nobody learns whether an account exists.
  apiRoute(app, deps, API_ROUTES.requestPasswordResetMail, async ({ body, request }) => {
    requireMailAddressFormat(body.email);
    await requestPasswordResetMail(deps, request, body.email);
  });

  // The reset page asks when it opens, so a used or expired link says so before a new
  // password is typed: valid exactly when the reset would take the link. A question, not
  // an action: "no longer valid" is an answer (200), not an error list, so the browser
  // logs no failed request for every old link.
  apiRoute(app, deps, API_ROUTES.checkPasswordResetToken, async ({ body, request }) => {
    await enforceLimits(deps.limiter, request, "password-reset-check");
    const person = await resetLinkPerson(deps, body.passwordResetToken, deps.clock.now());
    if (!person) return { valid: false };
    return (await hasSuspendedFactor(deps.database.db, person.id))
      ? { valid: true, factorsPaused: true }
      : { valid: true };
  });

  apiRoute(app, deps, API_ROUTES.resetPassword, async ({ body, request }) => {
    // Its refusal (INVALID_OPT_IN or not) answers the check's question too: the check's
    // budget, shared with it, bounds the guesses of one client through either call.
    await enforceLimits(deps.limiter, request, "password-reset-check");
    const { passwordResetToken, newPassword } = body;
    const now = deps.clock.now();
    const person = await resetLinkPerson(deps, passwordResetToken, now);
    if (!person) throw apiError(400, "INVALID_OPT_IN", "passwordResetToken");
    // A refused password leaves the link usable for another try.
    const errors = await newPasswordErrors(deps, person, newPassword);
    if (errors.length > 0) throw apiErrors(400, errors);
    const hash = await hashPassword(newPassword);
    // Whoever knew the old password is signed out everywhere: first, so a provider that
    // cannot be reached changes nothing and the link stays usable (end-sign-ins.ts).
    await endSignInsBefore(deps, person.id);
    const emailChangeCancelled = await deps.database.transaction(async (tx) => {
      // The person's row first, then the link (lockPerson says why: an e-mail change
      // confirmed at the same time retires this link under the same lock).
      await lockPerson(tx, person.id);
      if (!(await consumeToken(tx, ["PASSWORD_RESET"], passwordResetToken, now))) {
        throw apiError(400, "INVALID_OPT_IN", "passwordResetToken");
      }
      await storePassword(tx, person.id, hash, now);
      // Whoever knew the old password may have ticked "Don't ask again on this device".
      await revokeRememberedDevices(tx, person.id);
      // The way out of "This wasn't me" (secure-account.ts): the new password works again.
      await tx.update(persons).set({ securedAt: null }).where(eq(persons.id, person.id));
      // The fix the e-mail-change alert recommends must stop the change (issue 29): a
      // pending change asked for by whoever knew the old password ends with it.
      const cancelled = await retirePendingChange(tx, person.id, now);
      // The mailed link proved the address: an unconfirmed account counts as confirmed now.
      if (person.emailConfirmedAt === null) {
        await tx.update(persons).set({ emailConfirmedAt: now }).where(eq(persons.id, person.id));
      }
      return cancelled;
    });
    await endSignInsAfter(deps, person.id, request.log);
    await passwordChanged(deps, person, request.headers["user-agent"], emailChangeCancelled);
    request.log.info("password reset");
    // Next the person signs in with the new password (http/identity-push.ts).
    answerAfterIdentityPush(request, person.id);
  });

  apiRoute(app, deps, API_ROUTES.changePassword, async ({ caller, body, request }) => {
    const { user, person } = caller;
    const { oldPassword, newPassword } = body;
    // Every call costs argon2 work (the check, the history, the new hash): a budget per
    // client first; the guesses per account are limited by proveCurrentPassword.
    await enforceLimits(deps.limiter, request, "change-password");
    if (oldPassword === "") throw apiError(400, "OLD_PASSWORD_MISSING", "oldPassword");
    // A sign-in within the last 5 minutes as well as the current password (issue 47): an
    // unattended or stolen older session gets no answer about a guessed password, and the
    // change goes the way of the other sensitive ones (e-mail address, deletion).
    requireFreshSignIn(user, deps.clock.now());
    await proveCurrentPassword(deps, request, person, oldPassword);
    const errors = await newPasswordErrors(deps, person, newPassword, oldPassword);
    if (errors.length > 0) throw apiErrors(400, errors);
    const hash = await hashPassword(newPassword);
    const now = deps.clock.now();
    // The other sessions end; the one that changes the password stays signed in. First,
    // so a provider that cannot be reached changes nothing (end-sign-ins.ts).
    await endSignInsBefore(deps, person.id, user.claims.sid);
    const changed = await deps.database.transaction(async (tx) => {
      // The person's row first, as every flow that writes it and its links (lockPerson).
      await lockPerson(tx, person.id);
      const replaced = await replacePassword(tx, person.id, person.passwordHash, hash, now);
      if (!replaced) return null;
      // A reset link mailed before the change must not undo it, nor may a pending
      // e-mail change asked for with the old password outlive it.
      await retireTokens(tx, person.id, "PASSWORD_RESET", now);
      const cancelled = await retirePendingChange(tx, person.id, now);
      // Every remembered browser asks for the second factor again, this one too.
      await revokeRememberedDevices(tx, person.id);
      return { emailChangeCancelled: cancelled };
    });
    // Another change (or a reset) got there first: the old password is no longer the password.
    if (!changed) throw apiError(400, "PASSWORD_INCORRECT", "oldPassword");
    await endSignInsAfter(deps, person.id, request.log, user.claims.sid);
    await passwordChanged(
      deps,
      person,
      request.headers["user-agent"],
      changed.emailChangeCancelled,
    );
    request.log.info("password changed");
  });
};
