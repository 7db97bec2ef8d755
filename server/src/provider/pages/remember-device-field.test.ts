import { describe, expect, it } from "vitest";
import { NO_WEB_APP_HEAD } from "../../static/web-app-head.js";
import { REMEMBER_DEVICE_FIELD } from "../interactions/remembered-device-step.js";
import { escapeHtml, type PageContext } from "./html.js";
import { secondFactorPage } from "./login-pages.js";
import { passkeySecondFactor } from "./passkey-pages.js";
import { recoveryCodeForm } from "./recovery-code-pages.js";
import { type PageLanguage, providerTexts } from "./texts.js";

// Issue 34: "Don't ask again on this device for 30 days" in every form that passes the
// second factor (app or e-mail code, passkey, recovery code), labelled and described, in
// each language; never ticked by default.

const ctxIn = (language: PageLanguage): PageContext => ({
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
});

/** The form with `id` in `page`, from its opening tag to its end. */
const formOf = (page: string, id: string): string => {
  const start = page.indexOf(`<form id="${id}"`);
  if (start < 0) throw new Error(`no form #${id}`);
  return page.slice(start, page.indexOf("</form>", start));
};

/** The checkbox `id` of `form`: posted as rememberDevice=true, labelled and described. */
const expectBox = (form: string, id: string, language: PageLanguage) => {
  const input = new RegExp(`<input id="${id}"[^>]*>`).exec(form)?.[0] ?? "";
  expect(input).toContain(`name="${REMEMBER_DEVICE_FIELD}"`);
  expect(input).toContain('type="checkbox"');
  expect(input).toContain('value="true"');
  expect(input).not.toContain("checked");
  expect(input).toContain(`aria-describedby="${id}-hint"`);
  expect(form).toContain(
    `<label for="${id}">${escapeHtml(providerTexts(language, "page").rememberDevice)}</label>`,
  );
  expect(form).toContain(`<p id="${id}-hint" class="field__hint">`);
};

describe.each(["de", "en", "fr"] as const)("remember this device (%s)", (language) => {
  const ctx = ctxIn(language);

  it("is in the code form and in the recovery-code form, each with its own id", () => {
    const page = secondFactorPage(ctx, {
      action: "/a/otp",
      kind: "app",
      recovery: recoveryCodeForm(ctx, { action: "/a/recovery-code" }),
    });
    expectBox(formOf(page, "kc-otp-login-form"), "remember-device-otp", language);
    expectBox(formOf(page, "kc-recovery-code-login-form"), "remember-device-recovery", language);
  });

  it("is in the passkey form of the step", () => {
    const html = passkeySecondFactor(ctx, "/a/passkey", { challenge: "c" }).html;
    expectBox(formOf(html, "kc-passkey-form"), "remember-device-passkey", language);
  });

  it("names the 30 days in each language", () => {
    expect(providerTexts(language, "page").rememberDevice).toMatch(/30/);
  });
});
