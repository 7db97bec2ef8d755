import { LANGUAGE_KEY_PAUSE_MS } from "@portal/core";
import { describe, expect, it } from "vitest";
import { NO_WEB_APP_HEAD } from "../../static/web-app-head.js";
import { configureTotpPage } from "./action-pages.js";
import type { PageContext } from "./html.js";
import { loginPage, messagePage } from "./login-pages.js";
import { errorPage, loggedOutPage, logoutPage } from "./provider-pages.js";
import { providerTexts } from "./texts.js";

const ctx = (over: Partial<PageContext> = {}): PageContext => ({
  language: "en",
  locale: "en_US",
  texts: providerTexts("en", "page"),
  associationName: 'Credit <Association> "&"',
  portalUrl: "https://portal.example/benutzerverwaltung/",
  faqUrl: "https://www.example.org/faq",
  signUpUrl: "https://portal.example/benutzerverwaltung/registrieren",
  legalNoticeUrl: "https://www.example.org/legal-notice",
  resources: "/realms/portal/resources",
  appHead: {
    stylesheets: [{ href: "/benutzerverwaltung/assets/index-1.css", crossorigin: true }],
    icons: [{ rel: "icon", href: "/benutzerverwaltung/favicon.svg", type: "image/svg+xml" }],
    themeColor: "#004b87",
  },
  languageSwitch: {
    action: "/realms/portal/language",
    returnTo: "/realms/portal/login-actions/u1",
  },
  ...over,
});

const login = (c: PageContext) =>
  loginPage(c, {
    action: "/realms/portal/login-actions/u1/login",
    username: '"><script>alert(1)</script>',
    links: { forgotPassword: "https://p/f", register: "https://p/r" },
  });

// The app's shared class contract (web/src/styles/README.md): the frame every page has.
const FRAME = [
  '<div class="shell">',
  '<a class="skip-link" href="#kc-content">',
  '<div class="shell__body">',
  '<header class="site-header">',
  '<div class="site-header__bar">',
  '<a class="site-header__brand" href="https://portal.example/benutzerverwaltung/"',
  '<span class="brand-mark" aria-hidden="true">',
  '<span class="site-header__name">',
  '<div class="site-header__actions">',
  '<form class="lang-switch" method="post" action="/realms/portal/language"',
  '<label class="lang-switch__label" for="language-switcher">Language</label>',
  '<select class="lang-switch__select" id="language-switcher" name="locale"',
  '<main id="kc-content" class="page" tabindex="-1">',
  '<div class="page-card page-card--wide">',
  '<h1 id="kc-page-title" class="page-card__title">',
  '<footer class="site-footer"',
  '<div class="site-footer__inner">',
  '<nav aria-label="More links" data-qa="other-nav">',
  '<ul class="site-footer__links">',
  '<a href="https://www.example.org/faq" data-qa="other-nav-faq">FAQ</a>',
  '<a href="https://www.example.org/legal-notice" data-qa="footer-legal-notice">Legal notice</a>',
  '<p class="site-footer__copy"',
];

describe("the provider's pages in the app's frame", () => {
  const pages = {
    login: login(ctx()),
    totp: configureTotpPage(ctx(), {
      action: "/a",
      qrDataUrl: "data:image/png;base64,AAAA",
      otpauthUri: "otpauth://totp/Portal:a%40example.org?secret=ABCDEFGH",
      secret: "ABCD EFGH",
      replacesEmail: true,
    }),
    message: messagePage(ctx(), "Title", "Text"),
    logout: logoutPage(ctx(), '<form id="op.logoutForm"></form>', false),
    loggedOut: loggedOutPage(ctx()),
    error: errorPage(ctx(), "invalid_request"),
  };

  it.each(Object.entries(pages))("%s has the app's header, card, footer and switch", (_n, page) => {
    for (const part of FRAME) expect(page).toContain(part);
    expect(page.match(/<h1\b/g)).toHaveLength(1);
    // No inline script or style (CSP 'self').
    expect(page).not.toMatch(/<script>|<style|style="|\son[a-z]+=/);
  });

  it("links the app's stylesheet, icons and theme colour before its own sheet", () => {
    const head = pages.login.slice(0, pages.login.indexOf("</head>"));
    expect(head).toContain(
      '<link rel="stylesheet" href="/benutzerverwaltung/assets/index-1.css" crossorigin>',
    );
    expect(head).toContain(
      '<link rel="icon" href="/benutzerverwaltung/favicon.svg" type="image/svg+xml">',
    );
    expect(head).toContain('<meta name="theme-color" content="#004b87">');
    expect(head.indexOf("index-1.css")).toBeLessThan(head.indexOf("login.css"));
  });

  it("without a web build links only its own sheet, and still renders every part", () => {
    const page = login(ctx({ appHead: NO_WEB_APP_HEAD }));
    expect(page.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(page).toContain('<link rel="stylesheet" href="/realms/portal/resources/login.css">');
    for (const part of FRAME) expect(page).toContain(part);
  });

  it("offers the five locales with the current one chosen, and a button without script", () => {
    const page = login(
      ctx({ locale: "fr_LU", language: "fr", texts: providerTexts("fr", "page") }),
    );
    expect(page.match(/<option /g)).toHaveLength(5);
    expect(page).toContain('<option value="fr_LU" lang="fr-LU" selected>Français (Luxembourg)');
    expect(page.match(/ selected>/g)).toHaveLength(1);
    expect(page).toContain(
      '<input type="hidden" name="return" value="/realms/portal/login-actions/u1">',
    );
    expect(page).toMatch(
      /<noscript><button type="submit" class="btn btn--secondary"[^>]*>Appliquer/,
    );
    // login.js finds the select by this mark, and a keyboard choice waits core's pause
    // for its commit (the app's switch waits the same).
    expect(page).toContain(
      `data-qa="language-switcher" data-language-switch data-key-pause="${LANGUAGE_KEY_PAUSE_MS}">`,
    );
  });

  it("has the app's short language tag for every locale over the select, its own one marked", () => {
    const page = login(
      ctx({ locale: "de_AT", language: "de", texts: providerTexts("de", "page") }),
    );
    const tags = [...page.matchAll(/<span class="lang-switch__short"([^>]*)>([^<]*)<\/span>/g)];
    expect(tags.map((m) => m[2])).toEqual(["DE", "DE-AT", "EN", "FR", "FR-LU"]);
    for (const [, attributes] of tags) expect(attributes).toContain('aria-hidden="true"');
    expect(tags.filter(([, attributes]) => attributes?.includes("data-current"))).toHaveLength(1);
    expect(page).toContain('data-locale="de_AT" data-current aria-hidden="true">DE-AT</span>');
    // Inside the switch, before the select (the app's order: its sheet places the tag).
    const form = page.slice(page.indexOf('<form class="lang-switch"'), page.indexOf("</form>"));
    expect(form.indexOf("lang-switch__short")).toBeLessThan(form.indexOf("<select"));
  });

  it("draws no tag without the app's sheet (nothing would place it over the select)", () => {
    expect(login(ctx({ appHead: NO_WEB_APP_HEAD }))).not.toContain("lang-switch__short");
  });

  it("offers 'sign up free' to visitors only, as the app's footer does", () => {
    const signUp = 'data-qa="other-nav-sign-up">Sign up free</a>';
    expect(pages.login).toContain(signUp);
    expect(pages.error).toContain(signUp);
    expect(pages.totp).not.toContain(signUp);
    expect(pages.logout).not.toContain(signUp);
    // Any page of an interaction in a signed-in browser (QA2 #5: the second factor after
    // "confirm it's you" offered it again), whatever the page itself is.
    expect(login(ctx({ signedIn: true }))).not.toContain(signUp);
    expect(login(ctx({ signedIn: false }))).toContain(signUp);
  });

  it("has no switch where no page can be shown again", () => {
    expect(login(ctx({ languageSwitch: undefined }))).not.toContain("lang-switch");
  });

  it("escapes the association's name and the typed username", () => {
    const page = pages.login;
    expect(page).toContain("Credit &lt;Association&gt; &quot;&amp;&quot;");
    expect(page).not.toContain("<Association>");
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("uses the app's controls: fields, inputs, buttons, notices, steps and code", () => {
    expect(pages.login).toContain('<label class="field__label" for="username">');
    expect(pages.login).toContain('class="input" id="password"');
    expect(pages.login).toContain('class="btn btn--primary btn--block" data-qa="login-submit"');
    expect(pages.totp).toContain('<ol class="steps">');
    expect(pages.totp).toContain('<code id="kc-totp-secret-key" class="code"');
    expect(pages.totp).toContain('class="notice notice--info" role="status"');
    expect(pages.error).toContain('class="notice notice--error" role="alert"');
    expect(pages.logout).toContain('<div class="actions">');
  });
});
