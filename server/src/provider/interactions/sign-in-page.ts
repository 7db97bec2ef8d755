import { type FieldError, type Html, message } from "../pages/html.js";
import { loginPage } from "../pages/login-pages.js";
import { providerText } from "../pages/texts.js";
import { confirmingPerson, showConfirmSignIn } from "./confirm-sign-in.js";
import { type Flow, sendPage } from "./flow.js";
import { passkeySignInOffer } from "./passkey-steps.js";

// The sign-in page (address and password, or the "confirm it's you" page of a fresh
// sign-in) and the refusals every step words at a field.

/**
 * Why a sign-in form was refused; each page words it for its own fields (showLogin).
 * `missing`: a field left empty, answered without checking anything (see submitLogin).
 */
export type Refusal =
  | { readonly kind: "wrong" }
  | { readonly kind: "locked"; readonly seconds: number }
  | { readonly kind: "missing"; readonly username: boolean; readonly password: boolean };

/** A field left empty, said at that field. */
export const missing = (text: string, qa: string): FieldError => ({ text, qa });

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

/** A wait after failed attempts, said at the field that was refused. */
export const lockedOut = (flow: Flow, seconds: number): FieldError => ({
  text: providerText(flow.ctx.language, "page.lockedOut", { seconds }),
  qa: "login-locked",
});

const invalidCredentials = (flow: Flow, qa: string): FieldError => ({
  text: flow.ctx.texts.invalidCredentials,
  qa,
});

/** The sign-in page saying the account is secured and the reset mail is the way back in. */
export const showSecured = (flow: Flow, username: string) =>
  showLogin(flow, {
    username,
    ordinary: true,
    error: message("error", flow.ctx.texts.accountSecured, "login-secured"),
  });
