import type { FastifyReply } from "fastify";
import { findAccountRow } from "../oidc/account-claims.js";
import { message } from "../pages/html.js";
import { providerTexts } from "../pages/texts.js";
import { PASSKEY_SIGN_IN, withMethod } from "./amr.js";
import { continueFlow, type Flow, onSignedInSession } from "./flow.js";
import { writeLoginState } from "./login-state.js";
import { proceed } from "./next-step.js";
import { verifyPasskeyUse } from "./passkey-steps.js";
import { NEW_SIGN_IN } from "./password-steps.js";
import { rememberIfAsked } from "./remembered-device-step.js";
import { showSecondFactor } from "./second-factor-page.js";
import { showLogin, showSecured } from "./sign-in-page.js";

// A passkey instead of the password, or as the second factor after it.

/**
 * POST passkey: a passkey instead of the password (sign-in page), or as the second factor
 * (after the password). Either way the interaction goes on as after those steps; a passkey
 * that verified the person is not asked for a second factor again.
 */
export const submitPasskey = async (flow: Flow): Promise<FastifyReply> => {
  const state = flow.state;
  const pending = state?.passwordAt && !state.secondFactorAt ? state.personId : undefined;
  const refused = () =>
    message("error", providerTexts(flow.ctx.language, "passkey").passkeyRefused, "passkey-error");
  const suspended = () =>
    message(
      "error",
      providerTexts(flow.ctx.language, "passkey").passkeySuspended,
      "passkey-suspended",
    );
  if (pending) {
    const use = await verifyPasskeyUse(flow, "second-factor", pending);
    if (use?.suspended) return showSecondFactor(flow, { error: suspended() });
    const personId = use?.personId;
    if (!personId) return showSecondFactor(flow, { error: refused() });
    await rememberIfAsked(flow, personId);
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
  const use = await verifyPasskeyUse(flow, "login", null);
  const person = use ? await findAccountRow(flow.deps.db, use.personId) : undefined;
  if (!person?.emailConfirmedAt) return showLogin(flow, { error: refused(), passkeyRefused: true });
  // A secured account opens by nothing before the reset: a passkey may be the intruder's too.
  if (person.securedAt) return showSecured(flow, "");
  // Suspended by the securing and not kept since: it may be the intruder's.
  if (use?.suspended) return showLogin(flow, { error: suspended(), passkeyRefused: true });
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
