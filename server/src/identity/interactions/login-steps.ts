import { MAX_LENGTHS, textLength } from "@portal/contracts";
import { isSingleLine } from "@portal/core";
import type { FastifyReply } from "fastify";
import { recordSignInFailure } from "../../activity/sign-in-events.js";
import { hashPassword, verifyPassword } from "../../security/password-hash.js";
import { findAccountByEmail, findAccountRow } from "../account-claims.js";
import { recordSuccess, reserveAttempt } from "../brute-force.js";
import { type FieldError, type Html, message } from "../pages/html.js";
import { loginPage, reauthPage, secondFactorPage } from "../pages/login-pages.js";
import { PASSKEY_TEXTS } from "../pages/passkey-texts.js";
import { recoveryCodeForm } from "../pages/recovery-code-pages.js";
import { format } from "../pages/texts.js";
import {
  passkeySecondFactorOffer,
  passkeySignInOffer,
  verifyPasskeyUse,
} from "../passkeys/passkey-steps.js";
import { hasSecondFactorPasskey } from "../passkeys/passkey-store.js";
import { recoveryCodeStatus } from "../recovery-codes.js";
import { showAction } from "./action-steps.js";
import { PASSKEY_SIGN_IN, withMethod } from "./amr.js";
import { confirmingPerson, otherAccountPath, showConfirmSignIn } from "./confirm-sign-in.js";
import { secondFactorOf, sendEmailCode } from "./factors.js";
import {
  authenticatedPerson,
  continueFlow,
  type Flow,
  field,
  finish,
  onSignedInSession,
  originOf,
  pendingAction,
  REAUTH_AFTER_SECONDS,
  sendPage,
  signInAgeSeconds,
} from "./flow.js";
import { writeLoginState } from "./login-state.js";

/**
 * What a sign-in begun in this interaction clears: whatever an earlier step kept (another
 * person's e-mail code, a set-up secret or recovery codes a page showed) belongs to the
 * person signing in before, and must not carry over to this one.
 */
const NEW_SIGN_IN = {
  emailCodeHash: null,
  emailCodeExpiresAt: null,
  emailCodeTries: 0,
  pendingTotpSecret: null,
  pendingRecoveryCodeHashes: null,
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
const isPlausibleUsername = (raw: string): boolean =>
  isSingleLine(raw) && textLength(raw) <= MAX_LENGTHS.email;

/**
 * Why a sign-in form was refused; each page words it for its own fields (showLogin).
 * `missing`: a field left empty, answered without checking anything (see submitLogin).
 */
type Refusal =
  | { readonly kind: "wrong" }
  | { readonly kind: "locked"; readonly seconds: number }
  | { readonly kind: "missing"; readonly username: boolean; readonly password: boolean };

/** A field left empty, said at that field. */
const missing = (text: string, qa: string): FieldError => ({ text, qa });

/**
 * The sign-in page; for a fresh sign-in of the browser's signed-in person (prompt=login,
 * see confirm-sign-in.ts) the page that asks them to confirm it is them, unless the
 * ordinary page is asked for (`ordinary`: somebody else signs in) or another address
 * was entered (`username`). A refusal is worded for the page shown: where the address is
 * given, a wrong password is the password's fault ("The password is incorrect."), on the
 * ordinary page it is the pair's ("e-mail address or password"), never saying which.
 */
export const showLogin = async (
  flow: Flow,
  extra: {
    username?: string;
    refusal?: Refusal;
    error?: Html;
    notice?: Html;
    resend?: boolean;
    status?: number;
    passkeyRefused?: boolean;
    ordinary?: boolean;
  } = {},
) => {
  const t = flow.ctx.texts;
  const { refusal } = extra;
  const person = extra.ordinary ? undefined : await confirmingPerson(flow, extra.username);
  if (person) {
    const passwordError =
      refusal?.kind === "wrong"
        ? { text: t.passwordIncorrect, qa: "login-error" }
        : refusal?.kind === "locked"
          ? lockedOut(flow, refusal.seconds)
          : refusal?.kind === "missing" && refusal.password
            ? missing(t.passwordMissing, "password-missing")
            : undefined;
    return showConfirmSignIn(flow, person, { passwordError, error: extra.error });
  }
  const credentialsError =
    refusal?.kind === "wrong"
      ? invalidCredentials(flow, "login-error")
      : refusal?.kind === "locked"
        ? lockedOut(flow, refusal.seconds)
        : undefined;
  const empty = refusal?.kind === "missing" ? refusal : undefined;
  return sendPage(
    flow,
    loginPage(flow.ctx, {
      action: `${flow.base}/login`,
      username:
        extra.username ??
        ((flow.details.params as Record<string, unknown>).login_hint as string | undefined),
      credentialsError,
      usernameError: empty?.username ? missing(t.emailMissing, "username-missing") : undefined,
      passwordError: empty?.password ? missing(t.passwordMissing, "password-missing") : undefined,
      error: extra.error,
      notice: extra.notice,
      resendOptInAction: extra.resend ? `${flow.base}/resend-opt-in` : undefined,
      links: flow.deps.links,
      passkey: await passkeySignInOffer(flow, !extra.passkeyRefused),
    }),
    extra.status,
  );
};

/**
 * GET login: the ordinary sign-in page, for somebody other than the browser's signed-in
 * person (the confirm page links here); after a language switch it shows again. Not on a
 * signed-in session's interaction, where only the password-again step applies.
 */
export const showOtherAccount = async (flow: Flow): Promise<FastifyReply> => {
  if (onSignedInSession(flow)) return proceed(flow);
  const here = otherAccountPath(flow);
  const switchBack = flow.ctx.languageSwitch && { ...flow.ctx.languageSwitch, returnTo: here };
  return showLogin(
    { ...flow, ctx: { ...flow.ctx, languageSwitch: switchBack } },
    { ordinary: true },
  );
};

/**
 * The second-factor step: the person's code factor (or passkey), and the other ways (a
 * passkey beside a code, one of their unused recovery codes, cancelling the sign-in).
 */
export const showSecondFactor = async (
  flow: Flow,
  extra: { codeError?: FieldError; error?: Html; notice?: Html; recoveryError?: FieldError } = {},
) => {
  const personId = flow.state?.personId;
  const factor = personId ? await secondFactorOf(flow.deps.db, personId) : undefined;
  const person = personId ? await findAccountRow(flow.deps.db, personId) : undefined;
  const passkey = person
    ? await passkeySecondFactorOffer(flow, person.id, factor !== undefined)
    : undefined;
  if ((!factor && !passkey) || !person) return showLogin(flow);
  const codes = await recoveryCodeStatus(flow.deps.db, person.id);
  return sendPage(
    flow,
    secondFactorPage(flow.ctx, {
      action: `${flow.base}/otp`,
      kind: factor ? (factor.type === "AUTHENTICATOR_APP" ? "app" : "email") : undefined,
      email: person.email,
      codeError: extra.codeError,
      error: extra.error,
      notice: extra.notice,
      resendAction: factor?.type === "EMAIL" ? `${flow.base}/otp/resend` : undefined,
      passkey,
      recovery:
        codes.remaining > 0
          ? recoveryCodeForm(flow.ctx, {
              action: `${flow.base}/recovery-code`,
              error: extra.recoveryError,
            })
          : undefined,
    }),
  );
};

/** Shows the step the interaction is at, or finishes it when nothing is left to ask. */
export const proceed = async (flow: Flow): Promise<FastifyReply> => {
  const personId = authenticatedPerson(flow);
  if (!personId) return flow.state?.passwordAt ? showSecondFactor(flow) : showLogin(flow);
  const action = pendingAction(flow);
  if (!action) return finish(flow, personId);
  const age = await signInAgeSeconds(flow, personId);
  if (age > REAUTH_AFTER_SECONDS) {
    const person = await findAccountRow(flow.deps.db, personId);
    return showReauth(flow, person?.email ?? "");
  }
  return showAction(flow, personId, action);
};

/** The password-again page before an application-initiated action. */
const showReauth = (flow: Flow, username: string, passwordError?: FieldError) =>
  sendPage(
    flow,
    reauthPage(flow.ctx, {
      action: `${flow.base}/reauth`,
      cancelAction: `${flow.base}/cancel`,
      username,
      forgotPassword: flow.deps.links.forgotPassword,
      passwordError,
    }),
  );

/** A wait after failed attempts, said at the field that was refused. */
export const lockedOut = (flow: Flow, seconds: number): FieldError => ({
  text: format(flow.ctx.texts.lockedOut, { seconds }),
  qa: "login-locked",
});

const invalidCredentials = (flow: Flow, qa: string): FieldError => ({
  text: flow.ctx.texts.invalidCredentials,
  qa,
});

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
  // Counted before the check, so parallel guesses cannot all be checked (brute-force.ts).
  const attempt = await reserveAttempt(db, username);
  if (!attempt.allowed) {
    return showLogin(flow, { username, refusal: { kind: "locked", seconds: attempt.wait } });
  }
  const row = await findAccountByEmail(db, username);
  const ok = row
    ? await verifyPassword(row.passwordHash, password)
    : await verifyPassword(await dummy(), password).then(() => false);
  if (!row || !ok) {
    if (row) await recordSignInFailure(db, row.id, originOf(flow));
    const wait = attempt.waitIfWrong;
    const refusal: Refusal = wait > 0 ? { kind: "locked", seconds: wait } : { kind: "wrong" };
    return showLogin(flow, { username, refusal });
  }
  // The right password: the failures in a row end here, confirmed address or not.
  await recordSuccess(db, username);
  if (!row.emailConfirmedAt) {
    const error = message("error", flow.ctx.texts.unconfirmed, "login-unconfirmed");
    return showLogin(flow, { username, error, resend: true });
  }
  // Secured by "This wasn't me": the password may be the intruder's, so it opens nothing
  // until a reset by mail. Said only now, after the right password: a stranger guessing
  // learns nothing about the account from it.
  if (row.securedAt) return showSecured(flow, username);
  const factor = await secondFactorOf(db, row.id);
  // A passkey registered as a second factor asks for it like the app or e-mail codes do.
  const needsSecond = factor !== undefined || (await hasSecondFactorPasskey(db, row.id));
  const now = flow.deps.clock.now();
  await writeLoginState(
    db,
    flow.uid,
    row.id,
    {
      passwordAt: now,
      secondFactorAt: needsSecond ? null : now,
      amr: ["pwd"],
      ...NEW_SIGN_IN,
    },
    now,
  );
  if (factor?.type === "EMAIL") await sendEmailCode(flow, row);
  return continueFlow(flow);
};

/** The sign-in page saying the account is secured and the reset mail is the way back in. */
const showSecured = (flow: Flow, username: string) =>
  showLogin(flow, {
    username,
    ordinary: true,
    error: message("error", flow.ctx.texts.accountSecured, "login-secured"),
  });

/**
 * POST passkey: a passkey instead of the password (sign-in page), or as the second factor
 * (after the password). Either way the interaction goes on as after those steps; a passkey
 * that verified the person is not asked for a second factor again.
 */
export const submitPasskey = async (flow: Flow): Promise<FastifyReply> => {
  const state = flow.state;
  const pending = state?.passwordAt && !state.secondFactorAt ? state.personId : undefined;
  const refused = () =>
    message("error", PASSKEY_TEXTS[flow.ctx.language].passkeyRefused, "passkey-error");
  if (pending) {
    const personId = await verifyPasskeyUse(flow, "second-factor", pending);
    if (!personId) return showSecondFactor(flow, { error: refused() });
    await writeLoginState(
      flow.deps.db,
      flow.uid,
      personId,
      {
        secondFactorAt: flow.deps.clock.now(),
        amr: withMethod(state, "pop"),
      },
      flow.deps.clock.now(),
    );
    return continueFlow(flow);
  }
  if (onSignedInSession(flow)) return proceed(flow);
  const personId = await verifyPasskeyUse(flow, "login", null);
  const person = personId ? await findAccountRow(flow.deps.db, personId) : undefined;
  if (!person?.emailConfirmedAt) return showLogin(flow, { error: refused(), passkeyRefused: true });
  // A secured account opens by nothing before the reset: a passkey may be the intruder's too.
  if (person.securedAt) return showSecured(flow, "");
  const now = flow.deps.clock.now();
  await writeLoginState(
    flow.deps.db,
    flow.uid,
    person.id,
    {
      passwordAt: now,
      secondFactorAt: now,
      amr: [...PASSKEY_SIGN_IN],
      ...NEW_SIGN_IN,
    },
    now,
  );
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
        format(flow.ctx.texts.tooManyRequests, { minutes }),
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

/** POST reauth: the password again before an application-initiated action. */
export const submitReauth = async (flow: Flow): Promise<FastifyReply> => {
  const personId = authenticatedPerson(flow);
  const person = personId ? await findAccountRow(flow.deps.db, personId) : undefined;
  if (!person) return showLogin(flow);
  const password = field(flow, "password");
  // Sent empty: said at the field, not counted (see submitLogin).
  if (password === "") {
    return showReauth(
      flow,
      person.email,
      missing(flow.ctx.texts.passwordMissing, "password-missing"),
    );
  }
  const { db } = flow.deps;
  const attempt = await reserveAttempt(db, person.email);
  const ok = attempt.allowed && (await verifyPassword(person.passwordHash, password));
  if (!ok) {
    if (attempt.allowed) await recordSignInFailure(db, person.id, originOf(flow));
    const wait = attempt.allowed ? attempt.waitIfWrong : attempt.wait;
    // The address is the session's, so only the password can be wrong.
    const passwordError =
      wait > 0
        ? lockedOut(flow, wait)
        : { text: flow.ctx.texts.passwordIncorrect, qa: "reauth-error" };
    return showReauth(flow, person.email, passwordError);
  }
  await recordSuccess(db, person.email);
  const now = flow.deps.clock.now();
  await writeLoginState(
    db,
    flow.uid,
    person.id,
    {
      passwordAt: now,
      secondFactorAt: now,
      amr: ["pwd"],
    },
    now,
  );
  return continueFlow(flow);
};

/** POST cancel: the person cancels an application-initiated action (Keycloak: "cancelled"). */
export const cancelAction = async (flow: Flow): Promise<FastifyReply> => {
  const personId = authenticatedPerson(flow);
  if (!personId) return showLogin(flow);
  return finish(flow, personId, "cancelled");
};
