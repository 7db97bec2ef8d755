import { type Html, html, message, type PageContext } from "./html.js";
import { page } from "./layout.js";
import { rememberDeviceField } from "./remember-device-field.js";
import { providerTexts } from "./texts.js";

// The passkey parts of the provider's pages. The browser side is passkey.js (assets in
// passkey-assets.ts) with SimpleWebAuthn's browser bundle: a form marked `data-webauthn`
// carries the options of its one challenge; the script runs the browser's WebAuthn call
// and posts the answer in the hidden `credential` field. No inline script (CSP 'self').

/** The scripts a page with a passkey form loads after login.js (in this order). */
export const passkeyScripts = (ctx: PageContext): ReadonlyArray<string> => [
  `${ctx.resources}/webauthn-browser.js`,
  `${ctx.resources}/passkey.js`,
];

interface PasskeyFormModel {
  readonly id: string;
  readonly action: string;
  /** The options of `generateAuthenticationOptions` / `generateRegistrationOptions`. */
  readonly options: unknown;
  readonly mode: "authenticate" | "register";
  readonly button: string;
  readonly qa: string;
  /** Also offer the person's passkeys in the username field's autofill (conditional UI). */
  readonly autofill?: boolean;
  readonly body?: Html | null;
  readonly cancel?: string | undefined;
  /** Beside the password form the passkey is the second choice (a secondary button). */
  readonly secondary?: boolean;
}

const passkeyForm = (ctx: PageContext, model: PasskeyFormModel): Html => {
  const t = providerTexts(ctx.language, "passkey");
  const status = `${model.id}-status`;
  const register = model.mode === "register";
  const failed = register ? t.registerFailed : t.passkeyFailed;
  // The browser refuses a device that already holds one of the person's passkeys
  // (excludeCredentials, InvalidStateError): trying again could never succeed, so say why.
  const exists = register ? html` data-webauthn-exists="${t.registerExists}"` : null;
  return html`<div id="${status}" class="notice notice--error" role="alert" hidden data-qa="${model.qa}-client-error"></div>
<form id="${model.id}" class="stack" method="post" action="${model.action}" data-webauthn="${model.mode}" data-webauthn-options="${JSON.stringify(model.options)}" data-webauthn-status="${status}" data-webauthn-failed="${failed}"${exists}${model.autofill ? html` data-webauthn-autofill` : null} data-qa="${model.qa}-form">
<input type="hidden" name="credential" value="">
${model.body ?? null}<div class="actions">
<button type="submit" class="btn ${model.secondary ? "btn--secondary" : "btn--primary"}${model.cancel ? "" : " btn--block"}" data-webauthn-start data-qa="${model.qa}-start">${model.button}</button>
${model.cancel ? html`<button name="cancel-aia" value="true" type="submit" formnovalidate class="btn btn--secondary" data-qa="${model.qa}-cancel">${model.cancel}</button>` : null}
</div>
</form>`;
};

/**
 * "Sign in with a passkey" below the password form: hidden until passkey.js finds that
 * the browser can use passkeys; it also offers them in the username's autofill.
 */
export const passkeySignIn = (
  ctx: PageContext,
  action: string,
  options: unknown,
  autofill: boolean,
): Html => {
  const t = providerTexts(ctx.language, "passkey");
  return html`<div class="stack" data-webauthn-section hidden data-qa="passkey-sign-in">
<p>${t.orPasskey}</p>
${passkeyForm(ctx, {
  id: "kc-passkey-form",
  action,
  options,
  mode: "authenticate",
  button: t.signInWithPasskey,
  qa: "passkey-login",
  autofill,
  secondary: true,
})}
</div>`;
};

/**
 * The passkey offer of the second-factor step; `secondary` when it is one of the other
 * ways beside a code (then its button is not the page's main one).
 */
export const passkeySecondFactor = (
  ctx: PageContext,
  action: string,
  options: unknown,
  secondary = false,
): Html => {
  const t = providerTexts(ctx.language, "passkey");
  return html`<div class="stack" data-webauthn-section hidden data-qa="passkey-second-factor">
<p>${t.secondFactorPasskeyIntro}</p>
${passkeyForm(ctx, {
  id: "kc-passkey-form",
  action,
  options,
  mode: "authenticate",
  button: t.secondFactorPasskey,
  qa: "passkey-2fa",
  body: rememberDeviceField(ctx, "passkey"),
  secondary,
})}
</div>`;
};

export interface RegisterPasskeyModel {
  readonly action: string;
  readonly options: unknown;
  readonly name: string;
  readonly error?: Html | undefined;
}

/**
 * Keycloak's `webauthn-register(-passwordless)` page, one page for both names: a passkey
 * signs in without a password and is the second factor after one. A name, then the
 * browser's dialog.
 */
export const registerPasskeyPage = (ctx: PageContext, model: RegisterPasskeyModel): string => {
  const t = providerTexts(ctx.language, "passkey");
  const nameField = html`<div class="field">
<label class="field__label" for="passkey-name">${t.nameLabel}</label>
<p id="passkey-name-hint" class="field__hint">${t.nameHint}</p>
<input class="input" id="passkey-name" name="name" type="text" maxlength="64" autocomplete="off" value="${model.name}" aria-describedby="passkey-name-hint" data-qa="passkey-register-name">
</div>
`;
  return page(
    ctx,
    t.registerTitle,
    html`<div class="stack">
<p>${t.registerIntro}</p>
<div data-webauthn-unsupported>${message("info", t.unsupported, "passkey-unsupported")}</div>
${model.error ?? null}
${passkeyForm(ctx, {
  id: "kc-register-passkey-form",
  action: model.action,
  options: model.options,
  mode: "register",
  button: t.create,
  qa: "passkey-register",
  body: nameField,
  cancel: ctx.texts.cancel,
})}
</div>`,
    { signedIn: true, scripts: passkeyScripts(ctx) },
  );
};
