import { MAX_LENGTHS, textLength } from "@portal/contracts";
import { isSingleLine } from "@portal/core";
import type { FastifyReply } from "fastify";
import { recordSignInFailure } from "../../activity/sign-in-events.js";
import { recordSuccess } from "../../credentials/index.js";
import { hashPassword, verifyPassword } from "../../security/password-hash.js";
import { message } from "../pages/html.js";
import { providerText } from "../pages/texts.js";
import { sendEmailCode } from "./factors.js";
import {
  continueFlow,
  type Flow,
  field,
  onSignedInSession,
  originOf,
  pendingAction,
} from "./flow.js";
import { unsavedLoginState, writeLoginState } from "./login-state.js";
import { proceed } from "./next-step.js";
import { noteUpgradeCapability, upgradeAsked } from "./passkey-upgrade.js";
import { passedByRememberedDevice } from "./remembered-device-step.js";
import { reserveAndFindSignInAccount } from "./sign-in-account.js";
import { type Refusal, showLogin, showSecured } from "./sign-in-page.js";

// The password step: the address and password posted, and the confirmation mail asked
// for again from the sign-in page.

/**
 * What a sign-in begun in this interaction clears: whatever an earlier step kept (another
 * person's e-mail code, a set-up secret or recovery codes a page showed) belongs to the
 * person signing in before, and must not carry over to this one.
 */
export const NEW_SIGN_IN = {
  emailCodeHash: null,
  emailCodeExpiresAt: null,
  emailCodeTries: 0,
  pendingTotpSecret: null,
  pendingRecoveryCodeHashes: null,
  secondFactorRemembered: false,
} as const;

// Verifying against a real hash when the address is unknown takes as long as a wrong
// password, so timing does not tell whether an account exists.
let dummyHash: Promise<string> | undefined;
const dummy = (): Promise<string> => {
  dummyHash ??= hashPassword(`unknown-${Math.random()}`);
  return dummyHash;
};

// The contracts' rule for an e-mail address: a username that breaks it (a NUL, a line
// break, an invisible character, too long) names no account and never reaches the
// database; it gets the normal "invalid" answer. Checked before trimming.
export const isPlausibleUsername = (raw: string): boolean =>
  isSingleLine(raw) && textLength(raw) <= MAX_LENGTHS.email;

/** POST login: e-mail and password, with brute-force waits and the unconfirmed-address notice. */
export const submitLogin = async (flow: Flow): Promise<FastifyReply> => {
  // Not offered on a signed-in session's interaction (its page asks for the password again).
  if (onSignedInSession(flow)) return proceed(flow);
  if (!isPlausibleUsername(field(flow, "username"))) {
    return showLogin(flow, { username: "", refusal: { kind: "wrong" }, ordinary: true });
  }
  const username = field(flow, "username").trim();
  const password = field(flow, "password");
  // An empty field is a form sent too early (Enter after the address), not a guess: it is
  // said at the field and nothing is checked, so it reserves no attempt and records no
  // failed sign-in (five presses of Enter locked the account). The answer is the same for
  // every address, known or not, and as quick.
  if (username === "" || password === "") {
    return showLogin(flow, {
      username,
      refusal: { kind: "missing", username: username === "", password: password === "" },
    });
  }
  const { db } = flow.deps;
  // Counted before the check, so parallel guesses cannot all be checked
  // (credentials/brute-force.ts); the account comes in the same statement.
  const { attempt, account: row } = await reserveAndFindSignInAccount(db, username);
  if (!attempt.allowed) {
    return showLogin(flow, { username, refusal: { kind: "locked", seconds: attempt.wait } });
  }
  const ok = row
    ? await verifyPassword(row.passwordHash, password)
    : await verifyPassword(await dummy(), password).then(() => false);
  if (!row || !ok) {
    if (row) await recordSignInFailure(db, row.id, originOf(flow));
    const wait = attempt.waitIfWrong;
    const refusal: Refusal = wait > 0 ? { kind: "locked", seconds: wait } : { kind: "wrong" };
    return showLogin(flow, { username, refusal });
  }
  // The right password: the failures in a row end here, confirmed address or not (sent
  // with the request's other writes, before its answer).
  await recordSuccess(db, username);
  if (!row.emailConfirmedAt) {
    const error = message("error", flow.ctx.texts.unconfirmed, "login-unconfirmed");
    return showLogin(flow, { username, error, resend: true });
  }
  // Secured by "This wasn't me": the password may be the intruder's, so it opens nothing
  // until a reset by mail. Said only now, after the right password: a stranger guessing
  // learns nothing about the account from it.
  if (row.securedAt) return showSecured(flow, username);
  // A passkey asks for itself after the password like the app or e-mail codes do; while
  // "This wasn't me" has suspended factors and none is in use, a mailed code stands in.
  const needsSecond = row.needsSecondFactor;
  // A browser this person asked not to be asked on again skips the second factor, only
  // now, after their own password: the cookie never stands in for the password.
  const remembered = needsSecond && (await passedByRememberedDevice(flow, row.id));
  const now = flow.deps.clock.now();
  const changes = {
    passwordAt: now,
    secondFactorAt: needsSecond && !remembered ? null : now,
    // Only the password was proven in this sign-in: the remembered browser is not an
    // RFC 8176 method, and the activity list says it stood in for the second factor.
    amr: ["pwd"],
    ...NEW_SIGN_IN,
    secondFactorRemembered: remembered,
  };
  // Nothing left to ask, nothing kept from earlier steps, no action pending: the sign-in
  // ends in this request instead of storing the state for the next page to read and drop
  // (issue 48: five statements fewer). The next step may still go to any node.
  // A browser that can take a passkey upgrade goes the long way: the upgrade page is offered
  // on the next request, which carries the cookie noteUpgradeCapability sets.
  if (!flow.state && changes.secondFactorAt && !pendingAction(flow) && !upgradeAsked(flow)) {
    return proceed({ ...flow, state: unsavedLoginState(flow.uid, row.id, changes, now) });
  }
  await writeLoginState(db, flow.uid, row.id, changes, now);
  if (row.mailedCode && !remembered) await sendEmailCode(flow, row);
  noteUpgradeCapability(flow);
  return continueFlow(flow);
};

/**
 * POST resend-opt-in: asks for the confirmation mail again; the same answer for any
 * address, except that a spent rate limit says so (429) instead of claiming it was sent.
 */
export const resendOptIn = async (flow: Flow): Promise<FastifyReply> => {
  const raw = field(flow, "username");
  const username = isPlausibleUsername(raw) ? raw.trim() : "";
  const refused = username ? await flow.deps.resendOptIn(flow.request.ip, username) : undefined;
  if (refused) {
    const minutes = Math.max(1, Math.ceil(refused.retryAfterSeconds / 60));
    flow.reply.header("retry-after", String(refused.retryAfterSeconds));
    return showLogin(flow, {
      username,
      ordinary: true,
      status: 429,
      error: message(
        "error",
        providerText(flow.ctx.language, "page.tooManyRequests", { minutes }),
        "opt-in-limited",
      ),
    });
  }
  return showLogin(flow, {
    username,
    ordinary: true,
    notice: message("success", flow.ctx.texts.optInResent, "opt-in-resent"),
  });
};
