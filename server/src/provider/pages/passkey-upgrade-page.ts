import { html, type PageContext } from "./html.js";
import { page } from "./layout.js";
import { passkeyScripts } from "./passkey-pages.js";
import { providerTexts } from "./texts.js";

// The page between a password sign-in and the app where the browser may create a passkey
// without a dialog (issue 49, ../interactions/passkey-upgrade.ts). passkey-upgrade.js runs the
// browser's conditional create for at most `waitMs` and posts the form either way (no meta refresh:
// a timed refresh fails WCAG 2.2.1, and the page is only shown where the script runs: to
// browsers whose sign-in page said they can, getClientCapabilities' conditionalCreate).
// Should the script not load, "Continue" goes on.

export interface PasskeyUpgradeModel {
  /** Where the form posts the browser's answer (empty when there is none). */
  readonly action: string;
  /** `generateRegistrationOptions`' answer for this interaction's challenge. */
  readonly options: unknown;
  /** How long the script waits for the browser before it posts without a passkey (ms). */
  readonly waitMs: number;
}

/** The "Signing in" page that offers the browser a passkey on the way to the app. */
export const passkeyUpgradePage = (ctx: PageContext, model: PasskeyUpgradeModel): string => {
  const t = providerTexts(ctx.language, "passkey");
  return page(
    ctx,
    t.upgradeTitle,
    html`<div class="stack">
<p>${t.upgradeText}</p>
<form id="kc-passkey-upgrade-form" class="stack" method="post" action="${model.action}" data-passkey-upgrade data-webauthn-options="${JSON.stringify(model.options)}" data-passkey-upgrade-wait="${String(model.waitMs)}" data-qa="passkey-upgrade-form">
<input type="hidden" name="credential" value="">
<div class="actions">
<button type="submit" class="btn btn--primary btn--block" data-qa="passkey-upgrade-continue">${t.upgradeContinue}</button>
</div>
</form>
</div>`,
    { signedIn: true, scripts: upgradeScripts(ctx) },
  );
};

/** The scripts of a page that offers the upgrade: SimpleWebAuthn's bundle, then ours. */
export const upgradeScripts = (ctx: PageContext): ReadonlyArray<string> => [
  ...passkeyScripts(ctx),
  `${ctx.resources}/passkey-upgrade.js`,
];
