import { API_ROUTES } from "@portal/contracts";
import { and, eq, isNotNull } from "drizzle-orm";
import { alertDevice, sendSecurityAlert } from "../activity/security-alerts.js";
import { recordSecurityEvent } from "../activity/security-events.js";
import { useRecoveryCode, useTotpCode } from "../credentials/index.js";
import type { Tx } from "../db/client.js";
import { mfaCredentials, persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { answerAfterIdentityPush } from "../http/identity-push.js";
import { enforceRateLimit } from "../http/rate-limit-guard.js";
import { ABUSE_LIMITS, enforceLimits } from "../persons/abuse-limits.js";
import { proveCurrentPassword } from "../persons/current-password.js";
import { consumeToken, findLiveToken } from "../persons/mail-tokens.js";
import { findPersonById, lockPerson } from "../persons/person-store.js";

/**
 * The second factor of a restore: an authenticator app's code or a recovery code, used up
 * in the restore's transaction (a wrong one rolls it back, the link stays usable). Only an
 * app is asked for. A person whose second factor is the e-mail code needs none: the restore
 * link came to that same mailbox, which is what the code would prove. Nor does one whose
 * second factor is a passkey (issue 46: with a passkey alone there was no way back): a
 * passkey is asked for on the sign-in pages, not here, and a code mailed for the restore
 * would prove the mailbox again, as the link does. A restore signs nobody in (the closing
 * ended every session, and the next sign-in asks for the passkey), and the person hears
 * of it (the "account restored" alert with its "This wasn't me" link).
 */
const proveSecondFactor = async (
  tx: Tx,
  personId: string,
  code: string | undefined,
  now: Date,
): Promise<void> => {
  const [app] = await tx
    .select()
    .from(mfaCredentials)
    .where(
      and(
        eq(mfaCredentials.personId, personId),
        eq(mfaCredentials.type, "AUTHENTICATOR_APP"),
        isNotNull(mfaCredentials.secret),
      ),
    );
  if (!app) return;
  if (!code?.trim()) throw apiError(400, "SECOND_FACTOR_REQUIRED", "code");
  if (await useTotpCode(tx, app, code, now)) return;
  if (await useRecoveryCode(tx, personId, code, now)) return;
  throw apiError(400, "SECOND_FACTOR_INCORRECT", "code");
};

/**
 * `POST /persons/restore-account`: the restore link of a closed account's confirmation
 * mail, with the account's password (and second factor), reopens the account as it was
 * before its erasure date. The link is checked first and answers INVALID_OPT_IN alone; the
 * password is checked as at sign-in (its waits, PASSWORD_INCORRECT, a failed attempt in
 * the activity); then, under the person's row lock, the link is used up (of parallel
 * restores exactly one takes it), the factor checked and the row opened, in one
 * transaction; then the "account restored" alert goes out. Sessions ended by the closing
 * stay ended: the person signs in again.
 */
export const accountRestorePlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.restoreAccount, async ({ body, request }) => {
    const { restoreToken, password, code } = body;
    await enforceLimits(deps.limiter, request, "restore");
    const now = deps.clock.now();
    const live = await findLiveToken(deps.database.db, ["ACCOUNT_RESTORE"], restoreToken, now);
    const person = live && (await findPersonById(deps.database.db, live.personId));
    if (!person?.closedAt) throw apiError(400, "INVALID_OPT_IN", "restoreToken");
    // Per account too (its own counter: the client's was counted above), so a code cannot be
    // guessed from many clients; the password has the sign-in's per-address waits as well.
    await enforceRateLimit(deps.limiter, `restore:to:${person.id}`, ABUSE_LIMITS.restore.perEmail);
    await proveCurrentPassword(deps, request, person, password, "password");
    const restored = await deps.database.transaction(async (tx) => {
      const locked = await lockPerson(tx, person.id);
      if (!locked?.closedAt || !(await consumeToken(tx, ["ACCOUNT_RESTORE"], restoreToken, now))) {
        throw apiError(400, "INVALID_OPT_IN", "restoreToken");
      }
      await proveSecondFactor(tx, locked.id, code, now);
      await tx
        .update(persons)
        .set({ closedAt: null, eraseAt: null, updatedAt: now })
        .where(eq(persons.id, locked.id));
      await recordSecurityEvent(tx, locked, "account-restored", {}, now);
      return locked;
    });
    request.log.info("closed account restored");
    // The account is open again and its erasure off: the person hears of it, with the way
    // to secure it should someone else have done it (issue 46: no mail went out).
    await sendSecurityAlert(
      { db: deps.database.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
      restored,
      { kind: "account-restored" },
      { at: now, device: alertDevice(request.headers["user-agent"]) },
    );
    // Next the person signs in to the open account (http/identity-push.ts).
    answerAfterIdentityPush(request, restored.id);
  });
};
