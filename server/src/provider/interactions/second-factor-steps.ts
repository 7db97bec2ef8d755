import type { FastifyReply } from "fastify";
import { recordSignInFailure } from "../../activity/sign-in-events.js";
import { reserveAttempt, useTotpCode } from "../../credentials/index.js";
import { findAccountRow } from "../oidc/account-claims.js";
import { message } from "../pages/html.js";
import { providerText } from "../pages/texts.js";
import { codeFactorOf, mayResendEmailCode, sendEmailCode, useEmailCode } from "./factors.js";
import { continueFlow, type Flow, field, originOf } from "./flow.js";
import { showSecondFactor } from "./second-factor-page.js";
import { recordSecondFactorPassed } from "./second-factor-passed.js";
import { lockedOut, showLogin } from "./sign-in-page.js";

// The second factor's code steps, after the password (password-steps.ts): checking a code and
// mailing a new one. A passkey as second factor and recovery codes have steps of their own
// (passkey-login-steps.ts, recovery-login-steps.ts).

/** POST otp: the second factor's code (app: once per time step; e-mail: 5 tries, 10 min). */
export const submitOtp = async (flow: Flow): Promise<FastifyReply> => {
  const { db } = flow.deps;
  const state = flow.state;
  const person = state?.passwordAt ? await findAccountRow(db, state.personId) : undefined;
  const factor = person ? await codeFactorOf(db, person.id) : undefined;
  if (!state || !person || !factor) return showLogin(flow);
  const attempt = await reserveAttempt(db, person.email);
  if (!attempt.allowed) {
    return showSecondFactor(flow, { codeError: lockedOut(flow, attempt.wait) });
  }
  const code = field(flow, "otp");
  const t = flow.ctx.texts;
  let problem: string | undefined;
  if (factor.type === "AUTHENTICATOR_APP") {
    problem = (await useTotpCode(db, factor.credential, code, flow.deps.clock.now()))
      ? undefined
      : t.codeInvalid;
  } else {
    const check = await useEmailCode(flow, code);
    problem =
      check === "ok"
        ? undefined
        : check === "expired"
          ? t.codeExpired
          : check === "tooManyTries"
            ? t.codeTooManyTries
            : t.codeInvalid;
  }
  if (problem) {
    await recordSignInFailure(db, person.id, originOf(flow));
    const wait = attempt.waitIfWrong;
    const codeError = wait > 0 ? lockedOut(flow, wait) : { text: problem, qa: "otp-error" };
    return showSecondFactor(flow, { codeError });
  }
  await recordSecondFactorPassed(flow, person);
  return continueFlow(flow);
};

/** POST otp/resend: a new e-mail code (at most one every 30 s). */
export const resendCode = async (flow: Flow): Promise<FastifyReply> => {
  const person = flow.state?.passwordAt
    ? await findAccountRow(flow.deps.db, flow.state.personId)
    : undefined;
  if (!person) return showLogin(flow);
  if (!mayResendEmailCode(flow)) {
    return showSecondFactor(flow, {
      error: message("error", flow.ctx.texts.codeResendWait, "otp-error"),
    });
  }
  await sendEmailCode(flow, person);
  return showSecondFactor(flow, {
    notice: message(
      "info",
      providerText(flow.ctx.language, "page.emailCodeSent", { email: person.email }),
      "otp-resent",
    ),
  });
};
