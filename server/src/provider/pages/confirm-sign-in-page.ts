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

/**
 * The password again, for a person who is signed in: the fresh sign-in the app asks for
 * (prompt=login, {@link confirmSignInPage}) and the password-again step before an
 * application-initiated action (`reauthPage` in login-pages.ts). Both ask the same thing
 * of the same person, so they are one design (QA2 #4): the address shown as text, never
 * an input (a read-only field cut a long address off on a phone and read as editable),
 * the password, Confirm and Cancel side by side, the forgotten password below.
 */
export interface PasswordAgainModel {
  /** Names the page's controls (`${qa}-form`, `-email`, `-password`, `-submit`, `-cancel`). */
  readonly qa: "fresh-sign-in" | "reauth";
  /** Where the password goes; the address goes along as the hidden `username`. */
  readonly action: string;
  /**
   * Cancel: a post that ends the interaction (`action`: an application-initiated action's
   * "cancelled"), or a link back to the portal (`href`: the fresh sign-in, see
   * {@link ConfirmSignInModel.portal}).
   */
  readonly cancel: { readonly action: string } | { readonly href: string };
  /** The signed-in person's address, shown and not editable. */
  readonly email: string;
  readonly forgotPassword: string;
  /** The password refused (missing, wrong, or a wait after failures): shown at the password. */
  readonly passwordError?: FieldError | undefined;
  /** Any other problem (a passkey refused): a notice. */
  readonly error?: Html | undefined;
  /** What follows the form: another way to confirm, another account. */
  readonly after?: ReadonlyArray<Html>;
  readonly scripts?: ReadonlyArray<string>;
}

/** The one page both steps render (see {@link PasswordAgainModel}). */
export const passwordAgainPage = (ctx: PageContext, model: PasswordAgainModel): string => {
  const t = ctx.texts;
  const { qa } = model;
  return page(
    ctx,
    t.freshSignInTitle,
    html`<div class="stack">
<p>${t.freshSignInIntro}</p>
${model.error ?? null}
<form id="kc-form-login" class="stack" method="post" action="${model.action}" novalidate data-qa="${qa}-form">
<input id="username" name="username" type="email" autocomplete="username" value="${model.email}" readonly hidden>
<div class="field">
<span class="field__label">${t.freshSignInAccount}</span>
<strong class="account-address" data-qa="${qa}-email">${model.email}</strong>
</div>
<div class="field">
<label class="field__label" for="password">${t.password}</label>
<input class="input" id="password" name="password" type="password" autocomplete="current-password" required${controlState(model.passwordError, "password-error")} data-qa="${qa}-password">
${fieldErrorLine("password-error", model.passwordError)}
</div>
<div class="actions">
<button id="kc-login" name="login" type="submit" class="btn btn--primary" data-qa="${qa}-submit">${t.confirm}</button>
${
  "href" in model.cancel
    ? html`<a id="kc-cancel" href="${model.cancel.href}" class="btn btn--secondary" data-qa="${qa}-cancel">${t.cancel}</a>`
    : html`<button id="kc-cancel" name="cancel-aia" value="true" type="submit" formaction="${model.cancel.action}" formnovalidate class="btn btn--secondary" data-qa="${qa}-cancel">${t.cancel}</button>`
}
</div>
</form>
${model.after ?? []}
<p><a href="${model.forgotPassword}" data-qa="login-forgot-password">${t.forgotPassword}</a></p>
</div>`,
    { signedIn: true, scripts: model.scripts ?? [] },
  );
};

export interface ConfirmSignInModel {
  /** The login step: the address goes along as the hidden `username`. */
  readonly action: string;
  /**
   * The portal's start page, where Cancel leads (still signed in, nothing changed). A
   * link, not Keycloak's `access_denied` answer to the app: the app, given that answer on
   * the page that asked (or any return to it), signs in silently again and sends the
   * change it kept for after the sign-in (web/src/features/account/shared/fresh-sign-in.ts
   * resumes it whether or not a sign-in happened), so the person would meet the refused
   * change instead of the unchanged page. Its start page resumes no deletion or e-mail change.
   */
  readonly portal: string;
  /** The signed-in person's address, shown and not editable. */
  readonly email: string;
  /** The ordinary sign-in page, for somebody else. */
  readonly otherAccount: string;
  readonly forgotPassword: string;
  /** The password refused (missing, wrong, or a wait after failures): shown at the password. */
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
export const confirmSignInPage = (ctx: PageContext, model: ConfirmSignInModel): string =>
  passwordAgainPage(ctx, {
    qa: "fresh-sign-in",
    action: model.action,
    cancel: { href: model.portal },
    email: model.email,
    forgotPassword: model.forgotPassword,
    passwordError: model.passwordError,
    error: model.error,
    after: [
      model.passkey ?? html``,
      html`<p><a href="${model.otherAccount}" data-qa="fresh-sign-in-other-account">${ctx.texts.freshSignInOtherAccount}</a></p>`,
    ],
    scripts: model.passkey ? passkeyScripts(ctx) : [],
  });
