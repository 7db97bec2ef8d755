import { recoveryCodeStatus } from "../../credentials/index.js";
import { findAccountRow } from "../oidc/account-claims.js";
import { type FieldError, type Html, message } from "../pages/html.js";
import { secondFactorPage } from "../pages/login-pages.js";
import { recoveryCodeForm } from "../pages/recovery-code-pages.js";
import { codeFactorOf } from "./factors.js";
import { type Flow, sendPage } from "./flow.js";
import { passkeySecondFactorOffer } from "./passkey-steps.js";
import { showLogin } from "./sign-in-page.js";

/**
 * The second-factor step: the person's code factor (or passkey), and the other ways (a
 * passkey beside a code, one of their unused recovery codes, cancelling the sign-in).
 */
export const showSecondFactor = async (
  flow: Flow,
  extra: { codeError?: FieldError; error?: Html; notice?: Html; recoveryError?: FieldError } = {},
) => {
  const personId = flow.state?.personId;
  const factor = personId ? await codeFactorOf(flow.deps.db, personId) : undefined;
  const person = personId ? await findAccountRow(flow.deps.db, personId) : undefined;
  const passkey = person
    ? await passkeySecondFactorOffer(flow, person.id, factor !== undefined)
    : undefined;
  if ((!factor && !passkey) || !person) return showLogin(flow);
  const codes = await recoveryCodeStatus(flow.deps.db, person.id);
  // Why a mailed code is asked for when the person never chose one: securing suspended
  // their factors (credentials/suspended-factors/suspended-factors.ts), and the security page is
  // where they decide.
  const suspended =
    factor?.type === "EMAIL" && factor.standsInForSuspended
      ? message("info", flow.ctx.texts.suspendedFactorsCode, "suspended-factors-code")
      : undefined;
  return sendPage(
    flow,
    secondFactorPage(flow.ctx, {
      action: `${flow.base}/otp`,
      kind: factor ? (factor.type === "AUTHENTICATOR_APP" ? "app" : "email") : undefined,
      email: person.email,
      codeError: extra.codeError,
      error: extra.error,
      notice: extra.notice ?? suspended,
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
