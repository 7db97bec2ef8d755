import { controlState, fieldErrorLine, html, message, type PageContext, raw } from "./html.js";
import { page } from "./layout.js";
import { providerText } from "./texts.js";

// oidc-provider hands its forms over as HTML strings; only the two values the pages need
// are taken out of them, and the forms are rebuilt with labels (accessible, no inline JS).
const attribute = (form: string, pattern: RegExp): string => pattern.exec(form)?.[1] ?? "";
const formAction = (form: string): string => attribute(form, /action="([^"]*)"/);
const formXsrf = (form: string): string => attribute(form, /name="xsrf" value="([^"]*)"/);

/** Device flow: the user-code input (`user_code`), as Keycloak's /device page. */
export const deviceInputPage = (
  ctx: PageContext,
  form: string,
  problem: "incorrect" | "aborted" | "error" | undefined,
): string => {
  const t = ctx.texts;
  // A wrong code is the field's; a cancelled or failed sign-in is the page's.
  const codeError =
    problem === "incorrect" ? { text: t.deviceCodeIncorrect, qa: "device-code-error" } : undefined;
  const error =
    problem === "aborted"
      ? message("error", t.deviceAborted, "device-code-error")
      : problem === "error"
        ? message("error", t.errorText, "device-code-error")
        : null;
  return page(
    ctx,
    t.deviceTitle,
    html`<div class="stack">
${error}<p id="device-hint">${t.deviceIntro}</p>
<form id="kc-device-form" class="stack" method="post" action="${raw(formAction(form))}" novalidate data-qa="device-form">
<input type="hidden" name="xsrf" value="${raw(formXsrf(form))}">
<div class="field">
<label class="field__label" for="device-user-code">${t.deviceCodeLabel}</label>
<input class="input input--code" id="device-user-code" name="user_code" type="text" autocomplete="off" autocapitalize="characters" required${controlState(codeError, "device-code-error", "device-hint")} data-qa="device-user-code">
${fieldErrorLine("device-code-error", codeError)}
</div>
<button id="kc-login" type="submit" class="btn btn--primary btn--block" data-qa="device-submit">${t.deviceContinue}</button>
</form>
</div>`,
  );
};

/** Device flow: "does your device show this code?" with continue and abort. */
export const deviceConfirmPage = (ctx: PageContext, form: string, userCode: string): string => {
  const t = ctx.texts;
  return page(
    ctx,
    t.deviceTitle,
    html`<div class="stack">
<p>${providerText(ctx.language, "page.deviceConfirmIntro", { code: "" }).trim()}</p>
<p class="code" data-qa="device-confirm-code">${userCode}</p>
${raw(form)}
<div class="actions">
<button id="kc-login" type="submit" form="op.deviceConfirmForm" class="btn btn--primary" data-qa="device-confirm">${t.deviceContinue}</button>
<button id="kc-cancel" type="submit" form="op.deviceConfirmForm" name="abort" value="yes" class="btn btn--secondary" data-qa="device-abort">${t.deviceAbort}</button>
</div>
</div>`,
  );
};

/** Device flow finished. */
export const deviceSuccessPage = (ctx: PageContext): string =>
  page(ctx, ctx.texts.deviceTitle, message("success", ctx.texts.deviceSuccess, "device-success"));

/**
 * RP-initiated logout. With an `id_token_hint` of the browser's own session Keycloak ends
 * the session without asking; here the page's script presses "sign out" at once
 * (`data-auto-submit`). Without a hint, or with someone else's, the person confirms.
 */
export const logoutPage = (ctx: PageContext, form: string, autoSubmit: boolean): string => {
  const t = ctx.texts;
  return page(
    ctx,
    t.logoutTitle,
    html`<div class="stack">
<p>${t.logoutQuestion}</p>
${raw(form)}
<div class="actions"${raw(autoSubmit ? ' data-auto-submit="kc-logout"' : "")}>
<button id="kc-logout" type="submit" form="op.logoutForm" name="logout" value="yes" class="btn btn--primary" data-qa="logout-confirm">${t.logoutYes}</button>
<button id="kc-logout-cancel" type="submit" form="op.logoutForm" class="btn btn--secondary" data-qa="logout-cancel">${t.logoutNo}</button>
</div>
</div>`,
    { signedIn: true },
  );
};

/** Shown after a logout without a post_logout_redirect_uri. */
export const loggedOutPage = (ctx: PageContext): string =>
  page(
    ctx,
    ctx.texts.loggedOutTitle,
    html`<div class="stack">
${message("success", ctx.texts.loggedOut, "logged-out")}
<div class="actions"><a class="btn btn--primary" href="${ctx.portalUrl}" data-qa="provider-back-to-portal">${ctx.texts.backToPortal}</a></div>
</div>`,
  );

/** The provider's error page: the OAuth error code for support, never internals. */
export const errorPage = (ctx: PageContext, code: string | undefined): string =>
  page(
    ctx,
    ctx.texts.errorTitle,
    html`<div class="stack">
${message("error", ctx.texts.errorText, "provider-error")}
${code ? html`<p class="text-muted" data-qa="provider-error-code">${code}</p>` : null}
<div class="actions"><a class="btn btn--secondary" href="${ctx.portalUrl}" data-qa="provider-back-to-portal">${ctx.texts.backToPortal}</a></div>
</div>`,
  );
