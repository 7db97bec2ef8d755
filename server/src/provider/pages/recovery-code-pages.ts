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
import { rememberDeviceField } from "./remember-device-field.js";
import { providerText, providerTexts } from "./texts.js";

// The provider's pages about recovery codes: the set-up page that shows a new set once
// (with download and print), the alternative form on the second-factor step, and the
// warning after a sign-in with a code when few are left.

export interface ConfigureRecoveryCodesModel {
  readonly action: string;
  /** The new codes, grouped for reading; they exist only in this page. */
  readonly codes: ReadonlyArray<string>;
  /** True when the person already has codes (they stop working on save). */
  readonly replaces: boolean;
  /** The day the set is made, for the downloaded file's heading. */
  readonly date: string;
  /** "I have stored them" not ticked: shown at that checkbox. */
  readonly error?: FieldError | undefined;
}

/** The text file the download link carries: a heading, the hint, one code a line. */
export const recoveryCodesFile = (
  ctx: PageContext,
  codes: ReadonlyArray<string>,
  date: string,
): string => {
  const r = providerTexts(ctx.language, "recovery");
  return [
    providerText(ctx.language, "recovery.fileHeading", { name: ctx.associationName, date }),
    r.fileHint,
    "",
    ...codes.map((code, i) => `${String(i + 1).padStart(2, " ")}. ${code}`),
    "",
  ].join("\r\n");
};

/**
 * Keycloak's CONFIGURE_RECOVERY_AUTHN_CODES page: the 12 codes, "copy all", a download
 * (.txt, a data: link, so nothing is fetched again) and print, and a required "I have
 * stored them" check before they are activated; `cancel-aia` keeps the old set. The form
 * is `novalidate`: a missing tick is said at the checkbox by the server, as on the other
 * provider forms, not in the browser's own bubble. The codes go back with the form, so
 * that answer shows the same set (the server checks them against the pending hashes).
 */
export const configureRecoveryCodesPage = (
  ctx: PageContext,
  model: ConfigureRecoveryCodesModel,
): string => {
  const t = ctx.texts;
  const r = providerTexts(ctx.language, "recovery");
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(ctx, model.codes, model.date))}`;
  return page(
    ctx,
    r.setupTitle,
    html`<div class="stack">
<p>${r.setupIntro}</p>
${model.replaces ? message("warning", r.setupReplaces, "recovery-codes-replaces") : null}
<ol id="kc-recovery-codes-list" class="recovery-codes" aria-label="${r.listLabel}" data-qa="recovery-codes-list">
${model.codes.map((code) => html`<li><code class="code" data-qa="recovery-code">${code}</code></li>`)}
</ol>
<div class="actions no-print">
${copyButton(ctx, providerTexts(ctx.language, "copy").copyAll, model.codes.join("\n"), "recovery-codes-copy")}
<a class="btn btn--secondary" href="${file}" download="recovery-codes.txt" data-qa="recovery-codes-download">${r.download}</a>
<button type="button" class="btn btn--secondary" data-print hidden data-qa="recovery-codes-print">${r.print}</button>
</div>
<form id="kc-recovery-codes-settings-form" class="stack no-print" method="post" action="${model.action}" novalidate data-qa="recovery-codes-form">
<input type="hidden" name="codes" value="${model.codes.join(" ")}">
<div class="checkbox">
<input id="saved" name="saved" type="checkbox" value="true" required${controlState(model.error, "saved-error")} data-qa="recovery-codes-saved">
<label for="saved">${r.savedConfirm}</label>
${fieldErrorLine("saved-error", model.error)}
</div>
<div class="actions">
<button id="saveRecoveryAuthnCodesBtn" type="submit" class="btn btn--primary" data-qa="recovery-codes-save">${r.save}</button>
<button id="cancelRecoveryAuthnCodesBtn" name="cancel-aia" value="true" type="submit" formnovalidate class="btn btn--secondary" data-qa="recovery-codes-cancel">${t.cancel}</button>
</div>
</form>
</div>`,
    { signedIn: true },
  );
};

/** The second-factor step's other way: a recovery code, behind a disclosure (no script). */
export const recoveryCodeForm = (
  ctx: PageContext,
  model: { readonly action: string; readonly error?: FieldError | undefined },
): Html => {
  const r = providerTexts(ctx.language, "recovery");
  return html`<details class="recovery-alternative" data-qa="recovery-code-alternative"${model.error ? html` open` : null}>
<summary data-qa="recovery-code-toggle">${r.useInstead}</summary>
<form id="kc-recovery-code-login-form" class="stack" method="post" action="${model.action}" novalidate data-qa="recovery-code-form">
<div class="field">
<label class="field__label" for="recoveryCodeInput">${r.codeLabel}</label>
<p id="recovery-code-hint" class="field__hint">${r.codeHint}</p>
<input class="input input--code" id="recoveryCodeInput" name="recoveryCodeInput" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="40" required${controlState(model.error, "recovery-code-error", "recovery-code-hint")} data-qa="recovery-code-input">
${fieldErrorLine("recovery-code-error", model.error)}
</div>
${rememberDeviceField(ctx, "recovery")}
<button id="kc-login-recovery" type="submit" class="btn btn--secondary btn--block" data-qa="recovery-code-submit">${r.codeSubmit}</button>
</form>
</details>`;
};

/** After a sign-in with a recovery code when at most a few are left: say so, then go on. */
export const recoveryCodesLowPage = (
  ctx: PageContext,
  model: { readonly action: string; readonly remaining: number },
): string => {
  const r = providerTexts(ctx.language, "recovery");
  const text =
    model.remaining === 0
      ? r.lowNone
      : providerText(ctx.language, "recovery.lowText", { count: model.remaining });
  return page(
    ctx,
    r.lowTitle,
    html`<div class="stack">
${message("warning", text, "recovery-codes-low")}
<form id="kc-recovery-codes-low-form" method="post" action="${model.action}" data-qa="recovery-codes-low-form">
<button id="kc-continue" type="submit" class="btn btn--primary" data-qa="recovery-codes-low-continue">${r.continue}</button>
</form>
</div>`,
    { signedIn: true },
  );
};
