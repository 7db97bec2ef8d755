import { LOCALE_CHOICES } from "@portal/core";

/**
 * The language switch's short tags (layout.ts renders one per locale): only the tag of
 * the option chosen in the select may show, the app's sheet decides whether it does (on a
 * phone, not under forced colours). These rules only ever hide a tag, so they never draw
 * one the app would not. Browsers without `:has()` drop that rule and keep the tag of the
 * page's own locale (`data-current`).
 */
const LANGUAGE_TAG_RULES = [
  "@supports not selector(:has(*)){.lang-switch__short:not([data-current]){display:none}}",
  `${LOCALE_CHOICES.map(
    ({ locale }) =>
      `.lang-switch:has(option[value="${locale}"]:not(:checked)) .lang-switch__short[data-locale="${locale}"]`,
  ).join(",")}{display:none}`,
];

/**
 * The provider pages' own stylesheet (their script: login-script.ts), served from the
 * realm's `resources` path so pages need no inline style or script (CSP: 'self'). The look itself comes from the
 * web app's stylesheet, which the pages link first (see layout.ts); this sheet adds only
 * what the app has no class for, in the app's tokens (no colour of its own). Without a
 * web build the pages are plain HTML with these few rules: readable, unstyled.
 */
export const LOGIN_CSS = [
  ".qr{display:block;margin:var(--space-3,.75rem) 0;padding:var(--space-2,.5rem);background:var(--color-surface,#fff);border:1px solid var(--color-border,currentColor);border-radius:var(--radius-md,8px);max-width:100%;height:auto}",
  "[hidden]{display:none!important}",
  ".input--code{font-family:var(--font-mono,monospace);font-size:var(--text-lg,1.125rem);letter-spacing:.3em}",
  ".recovery-codes{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:var(--space-2,.5rem) var(--space-6,1.5rem);padding-left:2.25rem;font-family:var(--font-mono,monospace)}",
  ".recovery-codes .code{font-size:var(--text-md,1rem);letter-spacing:.04em;padding:var(--space-2,.5rem) var(--space-3,.75rem);white-space:nowrap;overflow-wrap:normal}",
  // A quiet button on a line of its own ("Send a new code"): its padding and border put
  // its text about 9 px right of the text column; pulled back by exactly that, the text
  // lines up and the hover and focus area reaches into the card's padding instead.
  ".btn--quiet.btn--flush{margin-inline-start:calc(-1 * var(--space-2,.5rem) - 1px)}",
  // An address shown as text (the confirm page) breaks anywhere rather than run out of a phone's card.
  ".account-address{overflow-wrap:anywhere}",
  // A copy button's status region, empty until a copy: out of the row of buttons (no gap
  // of its own) but still in the page, so what it says later is announced.
  ".copy-status:empty{position:absolute}",
  ".recovery-alternative summary{cursor:pointer;padding:var(--space-2,.5rem) 0;color:var(--color-link,inherit);text-decoration:underline}",
  // Without script the switch's own button shows: its <noscript> holds markup only then,
  // so :has() finds the button only without script. Brand, select and button did not fit
  // a phone's bar (the name was cut to "Busines… / Credi…"): the bar wraps, the brand
  // keeps its own line and the switch goes to the next, at the end (QA2 #8). Where all
  // fit (a desktop) nothing wraps; the phone's fixed bar height gives way to the rows.
  ".site-header__bar:has(.lang-switch button){flex-wrap:wrap;height:auto;padding-block:var(--space-2,.5rem)}",
  ".site-header__bar:has(.lang-switch button) .site-header__actions{margin-inline-start:auto}",
  "@media print{.no-print,.site-header,.site-footer{display:none}}",
  ...LANGUAGE_TAG_RULES,
  "",
].join("\n");
