import type { FastifyReply } from "fastify";
import { recordSignInFailure } from "../../activity/sign-in-events.js";
import { recordSuccess, reserveAttempt } from "../../credentials/index.js";
import { verifyPassword } from "../../security/password-hash.js";
import { findAccountRow } from "../oidc/account-claims.js";
import type { FieldError } from "../pages/html.js";
import { reauthPage } from "../pages/login-pages.js";
import { authenticatedPerson, continueFlow, type Flow, field, originOf, sendPage } from "./flow.js";
import { writeLoginState } from "./login-state.js";
import { lockedOut, missing, showLogin } from "./sign-in-page.js";

// The password again before an application-initiated action of a sign-in older than
// 5 minutes (Keycloak's re-authentication): a page and its post.

/** The password-again page before an application-initiated action. */
export const showReauth = (flow: Flow, username: string, passwordError?: FieldError) =>
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
      secondFactorRemembered: false,
    },
    now,
  );
  return continueFlow(flow);
};
