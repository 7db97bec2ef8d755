import { LANGUAGE_KEY_PAUSE_MS, LOCALE_CHOICES } from "@portal/core";
import { type Html, html, type PageContext } from "./html.js";
import { LOCALE_NAMES } from "./locale-names.js";
import { providerText } from "./texts.js";

// The page frame of the app (web/src/components/layout/, classes from the app's stylesheet,
// see web/src/styles/README.md): the same skip link, header, card and footer, so a person
// going from the app to the sign-in and back sees one site.

/** The app's brand mark: drawn by its stylesheet, decorative (the name beside it is the text). */
const BRAND_MARK = html`<span class="brand-mark" aria-hidden="true"></span>`;

/**
 * The short tags (DE, DE-AT, EN, FR, FR-LU) the app's sheet draws over the select on a
 * phone, where it hides the select's own text ("Deutsch…" would not tell the two German
 * locales apart; web/src/components/layout/language-switcher.tsx). The app renders the
 * chosen one; here every locale has its tag and login.css hides all but the one of the
 * option chosen in the select, so the tag follows a pick before it is sent (without
 * script, until the button sends it). `data-current` marks
 * the page's own locale for browsers without `:has()`. Without the app's sheet nothing
 * would place them: then the select shows its own text and no tag is rendered.
 */
const shortTags = (ctx: PageContext): ReadonlyArray<Html> =>
  ctx.appHead.stylesheets.length === 0
    ? []
    : LOCALE_CHOICES.map(
        ({ locale, language }) =>
          html`<span class="lang-switch__short" data-locale="${locale}"${ctx.locale === locale ? html` data-current` : null} aria-hidden="true">${language.toUpperCase()}</span>
`,
      );

/**
 * The language switch: the app's five locales in a form that posts to the provider's
 * switch route (login.js sends a pick, a keyboard choice on its commit after core's pause;
 * without script the button does).
 */
const languageSwitch = (ctx: PageContext): Html | null => {
  const target = ctx.languageSwitch;
  if (!target) return null;
  const options = LOCALE_CHOICES.map(
    ({ locale }) =>
      html`<option value="${locale}" lang="${LOCALE_NAMES[locale].lang}"${ctx.locale === locale ? html` selected` : null}>${LOCALE_NAMES[locale].name}</option>`,
  );
  return html`<form class="lang-switch" method="post" action="${target.action}" data-qa="language-form">
<input type="hidden" name="return" value="${target.returnTo}">
<label class="lang-switch__label" for="language-switcher">${ctx.texts.languageLabel}</label>
${shortTags(ctx)}<select class="lang-switch__select" id="language-switcher" name="locale" data-qa="language-switcher" data-language-switch data-key-pause="${LANGUAGE_KEY_PAUSE_MS}">
${options}
</select>
<noscript><button type="submit" class="btn btn--secondary" data-qa="language-apply">${ctx.texts.languageApply}</button></noscript>
</form>`;
};

const header = (ctx: PageContext): Html =>
  html`<header class="site-header">
<div class="site-header__bar">
<a class="site-header__brand" href="${ctx.portalUrl}" data-qa="provider-brand-link">${BRAND_MARK}<span class="site-header__name">${ctx.associationName}</span></a>
<div class="site-header__actions">${languageSwitch(ctx)}</div>
</div>
</header>`;

// The app's footer also has a cookie-settings button that opens its consent dialog (for
// analytics); these pages load no analytics, set no optional cookie and cannot open that
// dialog, so they leave it out rather than offer a button that does nothing.
// As in the app, "sign up free" is for visitors only: not on the pages of a signed-in
// person's actions (set-up and removal of a factor, password again, logout), nor on any
// page of an interaction in a browser that is signed in (PageContext.signedIn).
const footer = (ctx: PageContext, signedIn: boolean): Html =>
  html`<footer class="site-footer" data-qa="footer">
<div class="site-footer__inner">
<nav aria-label="${ctx.texts.moreLinksLabel}" data-qa="other-nav">
<ul class="site-footer__links">
<li><a href="${ctx.faqUrl}" data-qa="other-nav-faq">${ctx.texts.faq}</a></li>
${signedIn ? null : html`<li><a href="${ctx.signUpUrl}" data-qa="other-nav-sign-up">${ctx.texts.signUp}</a></li>`}
<li><a href="${ctx.legalNoticeUrl}" data-qa="footer-legal-notice">${ctx.texts.legalNotice}</a></li>
</ul>
</nav>
<p class="site-footer__copy" data-qa="footer-copyright">${providerText(ctx.language, "page.copyright", { year: new Date().getFullYear(), association: ctx.associationName })}</p>
</div>
</footer>`;

/** The `<head>` links: the app's own stylesheet and icons, then the provider's few rules. */
const headLinks = (ctx: PageContext): Html => {
  const { appHead } = ctx;
  return html`${appHead.stylesheets.map(
    (sheet) =>
      html`<link rel="stylesheet" href="${sheet.href}"${sheet.crossorigin ? html` crossorigin` : null}>
`,
  )}${appHead.icons.map(
    (icon) =>
      html`<link rel="${icon.rel}" href="${icon.href}"${icon.type ? html` type="${icon.type}"` : null}${icon.sizes ? html` sizes="${icon.sizes}"` : null}>
`,
  )}${
    appHead.themeColor
      ? html`<meta name="theme-color" content="${appHead.themeColor}">
`
      : null
  }<link rel="stylesheet" href="${ctx.resources}/login.css">`;
};

/**
 * A whole page in the app's look: its header with the language switch, one main landmark
 * holding the card with the title as its only h1, its footer; no inline script or style
 * (CSP: self only).
 */
export const page = (
  ctx: PageContext,
  title: string,
  body: Html,
  options: { readonly signedIn?: boolean; readonly scripts?: ReadonlyArray<string> } = {},
): string =>
  `<!DOCTYPE html>${
    html`<html lang="${ctx.texts.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} – ${ctx.associationName}</title>
${headLinks(ctx)}
<script src="${ctx.resources}/login.js" defer></script>
${(options.scripts ?? []).map(
  (src) => html`<script src="${src}" defer></script>
`,
)}</head>
<body>
<div class="shell">
<a class="skip-link" href="#kc-content">${ctx.texts.skipToContent}</a>
${header(ctx)}
<div class="shell__body">
<main id="kc-content" class="page" tabindex="-1">
<div class="page-card page-card--wide">
<h1 id="kc-page-title" class="page-card__title">${title}</h1>
${body}
</div>
</main>
</div>
${footer(ctx, options.signedIn === true || ctx.signedIn === true)}
</div>
</body>
</html>`.html
  }`;
