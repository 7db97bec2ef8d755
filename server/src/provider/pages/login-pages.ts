import { passwordAgainPage } from "./confirm-sign-in-page.js";
import {
  controlState,
  type FieldError,
  fieldErrorLine,
  type Html,
  html,
  message,
  type NoticeKind,
  type PageContext,
} from "./html.js";
import { page } from "./layout.js";
import { passkeyScripts } from "./passkey-pages.js";
import { upgradeScripts } from "./passkey-upgrade-page.js";
import { rememberDeviceField } from "./remember-device-field.js";
import { providerText, providerTexts } from "./texts.js";

/** Links the login page offers next to the form. */
export interface LoginLinks {
  readonly forgotPassword: string;
  readonly register: string;
}

export interface LoginPageModel {
  readonly action: string;
  readonly username?: string | undefined;
  /**
   * Address and password refused (wrong, or a wait after failures): both fields are
   * marked invalid and described by this message above them (it speaks of the pair).
   */
  readonly credentialsError?: FieldError | undefined;
  /** The address left empty: said at the address field (nothing was checked). */
  readonly usernameError?: FieldError | undefined;
  /** The password left empty: said at the password field (nothing was checked). */
  readonly passwordError?: FieldError | undefined;
  /** Any other problem (unconfirmed address, passkey refused, mail limit): a notice. */
  readonly error?: Html | undefined;
  /** Form target that resends the opt-in mail (shown for an unconfirmed address). */
  readonly resendOptInAction?: string | undefined;
  readonly notice?: Html | undefined;
  readonly links: LoginLinks;
  /** "Sign in with a passkey" (passkey-pages.ts); it also turns on the username's autofill. */
  readonly passkey?: Html | undefined;
}

/**
 * A field's `aria-invalid`/`aria-describedby`: the pair's message above the fields when
 * address and password were refused together, else the field's own error line.
 */
const loginFieldState = (
  pair: FieldError | undefined,
  own: FieldError | undefined,
  ownId: string,
): Html => (pair ? controlState(pair, "login-error") : controlState(own, ownId));

/**
 * Keycloak's login form: `#kc-form-login` with `username`, `password` and `#kc-login`. The
 * address field is `data-language-keep`: the language switch takes a plausible address
 * typed there along (provider-assets/login.js), so a switch does not lose it.
 */
export const loginPage = (ctx: PageContext, model: LoginPageModel): string => {
  const t = ctx.texts;
  const refused = model.credentialsError;
  const resend = model.resendOptInAction
    ? html`<form method="post" action="${model.resendOptInAction}" data-qa="resend-opt-in-form">
<input type="hidden" name="username" value="${model.username ?? ""}">
<button type="submit" class="btn btn--quiet btn--flush" id="kc-resend-opt-in" data-qa="resend-opt-in-button">${t.resendOptIn}</button>
</form>`
    : null;
  const usernameError = refused ? undefined : model.usernameError;
  const passwordError = refused ? undefined : model.passwordError;
  return page(
    ctx,
    t.loginTitle,
    html`<div class="stack">
<p>${t.loginIntro}</p>
${refused ? message("error", refused.text, refused.qa, "login-error") : null}${model.error ?? null}${resend}${model.notice ?? null}
<form id="kc-form-login" class="stack" method="post" action="${model.action}" novalidate data-qa="login-form">
<div class="field">
<label class="field__label" for="username">${t.email}</label>
<input class="input" id="username" name="username" type="email" autocomplete="${model.passkey ? "username webauthn" : "username"}" required value="${model.username ?? ""}"${loginFieldState(refused, usernameError, "username-error")} data-language-keep data-qa="login-username">
${fieldErrorLine("username-error", usernameError)}
</div>
<div class="field">
<label class="field__label" for="password">${t.password}</label>
<input class="input" id="password" name="password" type="password" autocomplete="current-password" required${loginFieldState(refused, passwordError, "password-error")} data-qa="login-password">
${fieldErrorLine("password-error", passwordError)}
</div>
<input type="hidden" name="passkey_upgrade" value="" data-passkey-upgrade-hint>
<button id="kc-login" name="login" type="submit" class="btn btn--primary btn--block" data-qa="login-submit">${t.signIn}</button>
</form>
${model.passkey ?? null}
<p><a href="${model.links.forgotPassword}" data-qa="login-forgot-password">${t.forgotPassword}</a></p>
<p><a href="${model.links.register}" data-qa="login-register">${t.register}</a></p>
</div>`,
    // passkey-upgrade.js tells the password step whether the browser can take a passkey
    // without a dialog (issue 49).
    { scripts: model.passkey ? upgradeScripts(ctx) : [] },
  );
};

export interface ReauthPageModel {
  readonly action: string;
  readonly username: string;
  readonly cancelAction: string;
  readonly forgotPassword: string;
  /** The password refused (missing, wrong, or a wait after failures): shown at the password. */
  readonly passwordError?: FieldError | undefined;
}

/**
 * Asks for the password again before a sensitive action (same form names as login), in
 * the design of the fresh sign-in's confirm page (confirm-sign-in-page.ts).
 */
export const reauthPage = (ctx: PageContext, model: ReauthPageModel): string =>
  passwordAgainPage(ctx, {
    qa: "reauth",
    action: model.action,
    cancel: { action: model.cancelAction },
    email: model.username,
    forgotPassword: model.forgotPassword,
    passwordError: model.passwordError,
  });

export interface SecondFactorPageModel {
  readonly action: string;
  /** The code the form asks for; none when the person's second factor is a passkey only. */
  readonly kind: "app" | "email" | undefined;
  /** Address the e-mail code went to (shown masked by the caller if wanted). */
  readonly email?: string | undefined;
  /** The code refused (wrong, expired, too many tries, a wait): shown at the code field. */
  readonly codeError?: FieldError | undefined;
  /** Any other problem (passkey refused, a new code asked for too soon): a notice. */
  readonly error?: Html | undefined;
  readonly notice?: Html | undefined;
  readonly resendAction?: string | undefined;
  /**
   * The passkey offer (passkey-pages.ts), when the person has passkeys: the step's own way
   * without a code factor, else one of the other ways.
   */
  readonly passkey?: Html | undefined;
  /** Another way through this step: a recovery code (when the person has unused ones). */
  readonly recovery?: Html | undefined;
}

/**
 * The second-factor step: one `otp` field and `#kc-login`, as in Keycloak's OTP form (or
 * the passkey, when that is the only factor), then "try another way" for every kind of
 * factor: another factor the person has, a recovery code, and cancelling the sign-in.
 */
export const secondFactorPage = (ctx: PageContext, model: SecondFactorPageModel): string => {
  const t = ctx.texts;
  const label = model.kind === "app" ? t.appCodeLabel : t.emailCodeLabel;

  const hint =
    model.kind === "app"
      ? t.appCodeHint
      : providerText(ctx.language, "page.emailCodeSent", { email: model.email ?? "" });
  const resend = model.resendAction
    ? html`<form method="post" action="${model.resendAction}" data-qa="otp-resend-form">
<button type="submit" class="btn btn--quiet btn--flush" id="kc-resend-code" data-qa="otp-resend">${t.sendNewCode}</button>
</form>`
    : null;
  return page(
    ctx,
    t.secondFactorTitle,
    html`<div class="stack">
${model.error ?? null}${model.notice ?? null}
${
  model.kind
    ? html`<form id="kc-otp-login-form" class="stack" method="post" action="${model.action}" novalidate data-qa="otp-form">
<div class="field">
<label class="field__label" for="otp">${label}</label>
<p id="otp-hint" class="field__hint">${hint}</p>
<input class="input input--code" id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${controlState(model.codeError, "otp-error", "otp-hint")} data-qa="otp-input">
${fieldErrorLine("otp-error", model.codeError)}
</div>
${rememberDeviceField(ctx, "otp")}
<button id="kc-login" name="login" type="submit" class="btn btn--primary btn--block" data-qa="otp-submit">${t.confirm}</button>
</form>
${resend}`
    : (model.passkey ?? null)
}
${otherWays(ctx, model.kind ? model.passkey : undefined, model.recovery)}
</div>`,
    { scripts: model.passkey ? passkeyScripts(ctx) : [] },
  );
};

/**
 * "Try another way" below the step's own form: another factor (a passkey beside a code;
 * shown once passkey.js finds the browser can use it), a recovery code, and the way out,
 * which leaves the half-done sign-in for the portal. Without another factor or code it
 * says so, so nobody keeps looking for a way that is not there.
 */
const otherWays = (ctx: PageContext, passkey: Html | undefined, recovery: Html | undefined) => {
  const o = providerTexts(ctx.language, "otherWay");
  // "Contact us" with the way to (issue 46): the support contact's address as a link.
  const contact = ctx.supportEmail
    ? html` ${o.contact} <a href="mailto:${ctx.supportEmail}" data-qa="other-ways-contact">${ctx.supportEmail}</a>`
    : null;
  return html`<section class="stack other-ways" aria-labelledby="other-ways-title" data-qa="other-ways">
<h2 id="other-ways-title">${o.title}</h2>
${passkey ?? null}${recovery ?? null}${passkey || recovery ? null : html`<p data-qa="other-ways-none">${o.none}${contact}</p>`}
<div class="actions"><a class="btn btn--secondary" href="${ctx.portalUrl}" data-qa="second-factor-cancel">${o.cancel}</a></div>
</section>`;
};

/** A page with one notice and a link back to the portal (errors, expired sign-ins). */
export const messagePage = (
  ctx: PageContext,
  title: string,
  text: string,
  kind: NoticeKind = "error",
): string =>
  page(
    ctx,
    title,
    html`<div class="stack">
${message(kind, text, "provider-message")}
<div class="actions"><a class="btn btn--secondary" href="${ctx.portalUrl}" data-qa="provider-back-to-portal">${ctx.texts.backToPortal}</a></div>
</div>`,
  );
