import {
  controlState,
  type FieldError,
  fieldErrorLine,
  type Html,
  html,
  type PageContext,
} from "./html.js";
import { page } from "./layout.js";
import { passkeyScripts } from "./passkey-pages.js";

export interface ConfirmSignInModel {
  /** The login step: the address goes along as the hidden `username`. */
  readonly action: string;
  /** The signed-in person's address, shown and not editable. */
  readonly email: string;
  /** The ordinary sign-in page, for somebody else. */
  readonly otherAccount: string;
  readonly forgotPassword: string;
  /** The password refused (wrong, or a wait after failures): shown at the password. */
  readonly passwordError?: FieldError | undefined;
  /** Any other problem (a passkey refused): a notice. */
  readonly error?: Html | undefined;
  /** "Sign in with a passkey", offered for the person's own passwordless passkeys. */
  readonly passkey?: Html | undefined;
}

/**
 * The fresh sign-in the app asks for before a sensitive change (prompt=login) in a browser
 * still signed in: the ordinary sign-in page there ("Sign in", "No account yet?") read as
 * if the person had been signed out. This one says whom it asks and why, takes the password
 * (Keycloak's `#kc-form-login`: `username`, `password`, `#kc-login`), then the second
 * factor follows as usual. Someone else signs in through the ordinary page; nobody is
 * offered an account here.
 */
export const confirmSignInPage = (ctx: PageContext, model: ConfirmSignInModel): string => {
  const t = ctx.texts;
  return page(
    ctx,
    t.freshSignInTitle,
    html`<div class="stack">
<p>${t.freshSignInIntro}</p>
${model.error ?? null}
<form id="kc-form-login" class="stack" method="post" action="${model.action}" novalidate data-qa="fresh-sign-in-form">
<input id="username" name="username" type="email" autocomplete="username" value="${model.email}" readonly hidden>
<div class="field">
<span class="field__label">${t.freshSignInAccount}</span>
<strong class="account-address" data-qa="fresh-sign-in-email">${model.email}</strong>
</div>
<div class="field">
<label class="field__label" for="password">${t.password}</label>
<input class="input" id="password" name="password" type="password" autocomplete="current-password" required${controlState(model.passwordError, "password-error")} data-qa="fresh-sign-in-password">
${fieldErrorLine("password-error", model.passwordError)}
</div>
<button id="kc-login" name="login" type="submit" class="btn btn--primary btn--block" data-qa="fresh-sign-in-submit">${t.confirm}</button>
</form>
${model.passkey ?? null}
<p><a href="${model.otherAccount}" data-qa="fresh-sign-in-other-account">${t.freshSignInOtherAccount}</a></p>
<p><a href="${model.forgotPassword}" data-qa="login-forgot-password">${t.forgotPassword}</a></p>
</div>`,
    { signedIn: true, scripts: model.passkey ? passkeyScripts(ctx) : [] },
  );
};
