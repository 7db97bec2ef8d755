import { RECOVERY_CODES_LOW } from "@portal/core";
import type { FastifyReply } from "fastify";
import { recordSignInFailure } from "../../activity/sign-in-events.js";
import {
  onRecoveryCodeUsed,
  recoveryCodeStatus,
  reserveAttempt,
  useRecoveryCode,
} from "../../credentials/index.js";
import { findAccountRow } from "../oidc/account-claims.js";
import { recoveryCodesLowPage } from "../pages/recovery-code-pages.js";
import { providerTexts } from "../pages/texts.js";
import { hasSecondFactor } from "./factors.js";
import { continueFlow, type Flow, field, originOf, sendPage } from "./flow.js";
import { showSecondFactor } from "./second-factor-page.js";
import { recordSecondFactorPassed } from "./second-factor-passed.js";
import { lockedOut } from "./sign-in-page.js";

// A recovery code in place of the second factor: counted against the same brute-force
// limits as the app and e-mail codes (one attempt reserved before the check), used up in
// one statement, and followed by a warning page when few codes are left.

/** POST recovery-code: signs in with a recovery code after the password. */
export const submitRecoveryCode = async (flow: Flow): Promise<FastifyReply> => {
  const { db } = flow.deps;
  const state = flow.state;
  const person = state?.passwordAt ? await findAccountRow(db, state.personId) : undefined;
  const factor = person ? await hasSecondFactor(db, person.id) : false;
  if (!state || !person || !factor) return continueFlow(flow);
  const attempt = await reserveAttempt(db, person.email);
  if (!attempt.allowed) {
    return showSecondFactor(flow, { recoveryError: lockedOut(flow, attempt.wait) });
  }
  if (!(await useRecoveryCode(db, person.id, field(flow, "recoveryCodeInput")))) {
    // In the person's activity like a wrong password or app code: a guessed recovery code
    // is an attack on the account the owner should see.
    await recordSignInFailure(db, person.id, originOf(flow));
    const wait = attempt.waitIfWrong;
    const recoveryError =
      wait > 0
        ? lockedOut(flow, wait)
        : {
            text: providerTexts(flow.ctx.language, "recovery").codeInvalid,
            qa: "recovery-code-error",
          };
    return showSecondFactor(flow, { recoveryError });
  }
  await recordSecondFactorPassed(flow, person);
  const { remaining } = await recoveryCodeStatus(db, person.id);
  await onRecoveryCodeUsed(flow.deps.activity, { person, remaining, origin: originOf(flow) });
  if (remaining > RECOVERY_CODES_LOW) return continueFlow(flow);
  // The warning answers the post itself: a reload of the interaction's page goes on as usual.
  return sendPage(
    flow,
    recoveryCodesLowPage(flow.ctx, { action: `${flow.base}/continue`, remaining }),
  );
};

/** POST continue: on from the warning page to wherever the sign-in goes next. */
export const continueSignIn = async (flow: Flow): Promise<FastifyReply> => continueFlow(flow);
