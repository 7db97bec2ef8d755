import { copyButton } from "./copy-button.js";
import {
  controlState,
  type FieldError,
  fieldErrorLine,
  type Html,
  html,
  message,
  type PageContext,
} from "./html.js";
import { page } from "./layout.js";
import { providerText, providerTexts } from "./texts.js";

export interface ConfigureTotpModel {
  readonly action: string;
  readonly qrDataUrl: string;
  /** The `otpauth:` URI the QR code holds: a link for an authenticator app on this phone. */
  readonly otpauthUri: string;
  /** The base32 secret, grouped in fours for reading. */
  readonly secret: string;
  readonly replacesEmail: boolean;
  /** The code refused: shown at the code field, at the end of the long page. */
  readonly error?: FieldError | undefined;
}

/**
 * Keycloak's CONFIGURE_TOTP page: QR code, the secret as text with "copy key", an
 * `otpauth:` link for an authenticator app on the same phone, `totp` code, save or cancel.
 */
export const configureTotpPage = (ctx: PageContext, model: ConfigureTotpModel): string => {
  const t = ctx.texts;
  const c = providerTexts(ctx.language, "copy");
  return page(
    ctx,
    t.totpTitle,
    html`<div class="stack">
${model.replacesEmail ? message("info", t.totpReplacesEmail, "totp-replaces-email") : null}
<ol class="steps">
<li>${t.totpStepInstall}</li>
<li>${t.totpStepScan}
<img id="kc-totp-secret-qr-code" class="qr" src="${model.qrDataUrl}" alt="${t.totpQrAlt}" width="200" height="200" data-qa="totp-qr-code">
<p class="field__hint">${t.totpSecretLabel}</p>
<code id="kc-totp-secret-key" class="code" data-qa="totp-secret">${model.secret}</code>
<div class="actions">
${copyButton(ctx, c.copyKey, model.secret.replace(/\s+/g, ""), "totp-copy-key")}
<a class="btn btn--secondary" href="${model.otpauthUri}" aria-describedby="totp-open-hint" data-qa="totp-open-in-app">${c.openInApp}</a>
</div>
<p id="totp-open-hint" class="field__hint">${c.openInAppHint}</p></li>
<li>${t.totpStepCode}</li>
</ol>
<form id="kc-totp-settings-form" class="stack" method="post" action="${model.action}" novalidate data-qa="totp-form">
<div class="field">
<label class="field__label" for="totp">${t.totpCodeLabel}</label>
<input class="input input--code" id="totp" name="totp" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required${controlState(model.error, "totp-error")} data-qa="totp-input">
${fieldErrorLine("totp-error", model.error)}
</div>
<div class="actions">
<button id="saveTOTPBtn" type="submit" class="btn btn--primary" data-qa="totp-save">${t.save}</button>
<button id="cancelTOTPBtn" name="cancel-aia" value="true" type="submit" formnovalidate class="btn btn--secondary" data-qa="totp-cancel">${t.cancel}</button>
</div>
</form>
</div>`,
    { signedIn: true },
  );
};

export interface ConfigureEmailOtpModel {
  readonly action: string;
  readonly email: string;
  /** True once a code was sent: the page then asks for it. */
  readonly codeSent: boolean;
  /** The code refused (wrong, expired, too many tries): shown at the code field. */
  readonly codeError?: FieldError | undefined;
  /** Any other problem (a new code asked for too soon): a notice. */
  readonly error?: Html | undefined;
}

/** Sets up e-mail codes: send a first code, then confirm it (`otp`). */
export const configureEmailOtpPage = (ctx: PageContext, model: ConfigureEmailOtpModel): string => {
  const t = ctx.texts;
  const body = model.codeSent
    ? html`<form id="kc-email-otp-settings-form" class="stack" method="post" action="${model.action}" novalidate data-qa="email-otp-form">
<div class="field">
<label class="field__label" for="otp">${t.emailCodeLabel}</label>
<p id="otp-hint" class="field__hint">${providerText(ctx.language, "page.emailCodeSent", { email: model.email })}</p>
<input class="input input--code" id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required${controlState(model.codeError, "otp-error", "otp-hint")} data-qa="email-otp-input">
${fieldErrorLine("otp-error", model.codeError)}
</div>
<div class="actions">
<button id="kc-login" type="submit" class="btn btn--primary" data-qa="email-otp-save">${t.save}</button>
<button id="kc-send-code" name="send" value="true" type="submit" formnovalidate class="btn btn--secondary" data-qa="email-otp-resend">${t.sendNewCode}</button>
<button id="kc-cancel" name="cancel-aia" value="true" type="submit" formnovalidate class="btn btn--quiet" data-qa="email-otp-cancel">${t.cancel}</button>
</div>
</form>`
    : html`<p>${providerText(ctx.language, "page.emailOtpIntro", { email: model.email })}</p>
<form id="kc-email-otp-settings-form" method="post" action="${model.action}" data-qa="email-otp-form">
<div class="actions">
<button id="kc-send-code" name="send" value="true" type="submit" class="btn btn--primary" data-qa="email-otp-send">${t.sendCode}</button>
<button id="kc-cancel" name="cancel-aia" value="true" type="submit" class="btn btn--secondary" data-qa="email-otp-cancel">${t.cancel}</button>
</div>
</form>`;
  return page(
    ctx,
    t.emailOtpTitle,
    html`<div class="stack">
${model.error ?? null}${body}
</div>`,
    { signedIn: true },
  );
};

export interface DeleteCredentialModel {
  readonly action: string;
  readonly factorName: string;
  /** A passkey's page is titled for a passkey, not for "two-factor authentication". */
  readonly title?: string | undefined;
}

/** Keycloak's delete_credential confirmation: `#kc-accept` removes, `#kc-decline` cancels. */
export const deleteCredentialPage = (ctx: PageContext, model: DeleteCredentialModel): string => {
  const t = ctx.texts;
  return page(
    ctx,
    model.title ?? t.deleteTitle,
    html`<div class="stack">
<p>${providerText(ctx.language, "page.deleteQuestion", { factor: model.factorName })}</p>
<form id="kc-delete-credential-form" method="post" action="${model.action}" data-qa="delete-credential-form">
<div class="actions">
<button id="kc-accept" name="accept" value="true" type="submit" class="btn btn--danger" data-qa="delete-credential-confirm">${t.deleteConfirm}</button>
<button id="kc-decline" name="cancel-aia" value="true" type="submit" class="btn btn--secondary" data-qa="delete-credential-cancel">${t.cancel}</button>
</div>
</form>
</div>`,
    { signedIn: true },
  );
};
