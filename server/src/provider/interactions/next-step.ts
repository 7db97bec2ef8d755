import type { FastifyReply } from "fastify";
import { findAccountRow } from "../oidc/account-claims.js";
import { showAction } from "./action-steps.js";
import { otherAccountPath } from "./confirm-sign-in.js";
import {
  authenticatedPerson,
  type Flow,
  finish,
  onSignedInSession,
  pendingAction,
  REAUTH_AFTER_SECONDS,
  signInAgeSeconds,
} from "./flow.js";
import { offerPasskeyUpgrade } from "./passkey-upgrade.js";
import { showReauth } from "./reauth-steps.js";
import { showSecondFactor } from "./second-factor-page.js";
import { showLogin } from "./sign-in-page.js";

// Where an interaction goes next (GET of its page): the sign-in, the second factor, the
// password again, the pending action, or back to the app; and the ways out of it.

/** Shows the step the interaction is at, or finishes it when nothing is left to ask. */
export const proceed = async (flow: Flow): Promise<FastifyReply> => {
  const personId = authenticatedPerson(flow);
  if (!personId) return flow.state?.passwordAt ? showSecondFactor(flow) : showLogin(flow);
  const action = pendingAction(flow);
  // A browser that can take a passkey without a dialog is offered one on the way (issue 49).
  if (!action)
    return (await offerPasskeyUpgrade(flow, personId)) ? flow.reply : finish(flow, personId);
  const age = await signInAgeSeconds(flow, personId);
  if (age > REAUTH_AFTER_SECONDS) {
    const person = await findAccountRow(flow.deps.db, personId);
    return showReauth(flow, person?.email ?? "");
  }
  return showAction(flow, personId, action);
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

/** POST cancel: the person cancels an application-initiated action (Keycloak: "cancelled"). */
export const cancelAction = async (flow: Flow): Promise<FastifyReply> => {
  const personId = authenticatedPerson(flow);
  if (!personId) return showLogin(flow);
  return finish(flow, personId, "cancelled");
};
