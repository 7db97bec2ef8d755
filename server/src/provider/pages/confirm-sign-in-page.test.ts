import { describe, expect, it } from "vitest";
import { NO_WEB_APP_HEAD } from "../../static/web-app-head.js";
import { confirmSignInPage } from "./confirm-sign-in-page.js";
import { escapeHtml, html, type PageContext } from "./html.js";
import { reauthPage } from "./login-pages.js";
import { providerTexts } from "./texts.js";

const ctxIn = (language: "de" | "en" | "fr"): PageContext => ({
  language,
  locale: language === "de" ? "de_DE" : language === "en" ? "en_US" : "fr_FR",
  texts: providerTexts(language, "page"),
  associationName: "Association",
  portalUrl: "https://portal.example/benutzerverwaltung/",
  faqUrl: "https://www.example.org/faq",
  signUpUrl: "https://portal.example/benutzerverwaltung/registrieren",
  legalNoticeUrl: "https://www.example.org/legal-notice",
  resources: "/realms/portal/resources",
  appHead: NO_WEB_APP_HEAD,
  languageSwitch: {
    action: "/realms/portal/language",
    returnTo: "/realms/portal/login-actions/u1",
  },
});

const model = {
  action: "/realms/portal/login-actions/u1/login",
  email: "erika<x>@example.org",
  otherAccount: "/realms/portal/login-actions/u1/login",
  forgotPassword: "https://portal.example/benutzerverwaltung/passwort-vergessen",
  portal: "https://portal.example/benutzerverwaltung/",
};

const reauth = {
  action: "/realms/portal/login-actions/u1/reauth",
  cancelAction: "/realms/portal/login-actions/u1/cancel",
  username: "erika<x>@example.org",
  forgotPassword: "https://portal.example/benutzerverwaltung/passwort-vergessen",
};

/** The page from its form on, with the names of the page's controls made alike. */
const body = (page: string, qa: string) =>
  page.slice(page.indexOf('<form id="kc-form-login"')).replaceAll(`data-qa="${qa}-`, 'data-qa="X-');

describe("the fresh sign-in's confirm page", () => {
  it.each(["de", "en", "fr"] as const)(
    "%s: says whom it asks and why, in the page's language",
    (language) => {
      const t = providerTexts(language, "page");
      const page = confirmSignInPage(ctxIn(language), model);
      expect(page).toContain(`<title>${escapeHtml(t.freshSignInTitle)} – Association</title>`);
      expect(page).toContain(`class="page-card__title">${escapeHtml(t.freshSignInTitle)}</h1>`);
      expect(page).toContain(`<p>${escapeHtml(t.freshSignInIntro)}</p>`);
      expect(page).toContain(
        `<span class="field__label">${escapeHtml(t.freshSignInAccount)}</span>`,
      );
      expect(page).toContain(`>${escapeHtml(t.freshSignInOtherAccount)}</a>`);
    },
  );

  it("shows the address fixed and posts it hidden with the password (Keycloak's form names)", () => {
    const page = confirmSignInPage(ctxIn("en"), model);
    const address = escapeHtml(model.email);
    expect(page).toContain(
      `class="account-address" data-qa="fresh-sign-in-email">${address}</strong>`,
    );
    expect(page).toContain(
      `<input id="username" name="username" type="email" autocomplete="username" value="${address}" readonly hidden>`,
    );
    expect(page).toMatch(
      /<form id="kc-form-login" [^>]*action="\/realms\/portal\/login-actions\/u1\/login"/,
    );
    expect(page).toContain('name="password" type="password" autocomplete="current-password"');
    expect(page).toContain('id="kc-login"');
    expect(page).not.toContain("<script>alert");
  });

  it("offers another account and a forgotten password, never a registration", () => {
    const page = confirmSignInPage(ctxIn("de"), model);
    expect(page).toContain(`href="${model.otherAccount}" data-qa="fresh-sign-in-other-account"`);
    expect(page).toContain(`href="${model.forgotPassword}" data-qa="login-forgot-password"`);
    expect(page).not.toContain(providerTexts("de", "page").register);
    expect(page).not.toContain('data-qa="other-nav-sign-up"');
  });

  it("loads the passkey scripts only with a passkey offer", () => {
    const without = confirmSignInPage(ctxIn("en"), model);
    expect(without).not.toContain("passkey.js");
    const offer = html`<div data-qa="passkey-sign-in"></div>`;
    const withPasskey = confirmSignInPage(ctxIn("en"), { ...model, passkey: offer });
    expect(withPasskey).toContain('data-qa="passkey-sign-in"');
    expect(withPasskey).toContain('src="/realms/portal/resources/passkey.js"');
  });

  it("is one design with the password-again page: the address as text, Confirm and Cancel", () => {
    const confirm = confirmSignInPage(ctxIn("de"), model);
    const again = reauthPage(ctxIn("de"), reauth);
    for (const [page, qa] of [
      [confirm, "fresh-sign-in"],
      [again, "reauth"],
    ] as const) {
      expect(page).toContain(
        `class="page-card__title">${providerTexts("de", "page").freshSignInTitle}</h1>`,
      );
      expect(page).toContain(`data-qa="${qa}-email">erika&lt;x&gt;@example.org</strong>`);
      // No address input (a read-only one cut long addresses off on a phone).
      expect(page).not.toMatch(/<input class="input" id="username"/);
      expect(page).toMatch(
        new RegExp(
          `<div class="actions">\\s*<button id="kc-login" [^>]*>${providerTexts("de", "page").confirm}</button>\\s*<(a|button) id="kc-cancel" [^>]*data-qa="${qa}-cancel">${providerTexts("de", "page").cancel}</`,
        ),
      );
      expect(page).toContain('data-qa="login-forgot-password"');
      expect(page).not.toContain('data-qa="other-nav-sign-up"');
    }
    // The same form, up to how Cancel leaves: only the confirm page offers another account.
    const form = (page: string, qa: string) => {
      const text = body(page, qa);
      return text.slice(0, text.search(/<(a|button) id="kc-cancel"/));
    };
    expect(form(again, "reauth").replace("/reauth", "/login")).toBe(form(confirm, "fresh-sign-in"));
    expect(again).not.toContain("fresh-sign-in-other-account");
  });

  it("Cancel: the action's is a post ending it as cancelled, the fresh sign-in's a link to the portal", () => {
    expect(reauthPage(ctxIn("en"), reauth)).toContain(
      `<button id="kc-cancel" name="cancel-aia" value="true" type="submit" formaction="${reauth.cancelAction}" formnovalidate class="btn btn--secondary" data-qa="reauth-cancel">`,
    );
    expect(confirmSignInPage(ctxIn("en"), model)).toContain(
      `<a id="kc-cancel" href="${model.portal}" class="btn btn--secondary" data-qa="fresh-sign-in-cancel">`,
    );
  });
});
