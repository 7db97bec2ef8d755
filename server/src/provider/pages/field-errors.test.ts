import { describe, expect, it } from "vitest";
import { NO_WEB_APP_HEAD } from "../../static/web-app-head.js";
import { configureEmailOtpPage, configureTotpPage } from "./action-pages.js";
import { type FieldError, message, type PageContext } from "./html.js";
import { loginPage, reauthPage, secondFactorPage } from "./login-pages.js";
import { deviceInputPage } from "./provider-pages.js";
import { configureRecoveryCodesPage, recoveryCodeForm } from "./recovery-code-pages.js";
import { providerTexts } from "./texts.js";

// QA #11: a refused entry is said at its field, and the field names its message in
// aria-describedby, on every provider form with a field error.

const ctx: PageContext = {
  language: "en",
  locale: "en_US",
  texts: providerTexts("en", "page"),
  associationName: "Association",
  portalUrl: "https://portal.example/benutzerverwaltung/",
  faqUrl: "https://www.example.org/faq",
  signUpUrl: "https://portal.example/benutzerverwaltung/registrieren",
  legalNoticeUrl: "https://www.example.org/legal-notice",
  resources: "/realms/portal/resources",
  appHead: NO_WEB_APP_HEAD,
};

const wrong: FieldError = { text: "The code is invalid. Please try again.", qa: "x-error" };

/** The opening tag of the element with `id`. */
const tagOf = (page: string, id: string): string => {
  const match = new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(page);
  if (!match) throw new Error(`no element #${id}`);
  return match[0];
};

/** The ids the control `id` is described by. */
const describedBy = (page: string, id: string): string[] =>
  /aria-describedby="([^"]*)"/.exec(tagOf(page, id))?.[1]?.split(" ") ?? [];

/** The control `control` is invalid and described by the alert `messageId` saying `text`. */
const saidAtField = (page: string, control: string, messageId: string, text = wrong.text) => {
  expect(tagOf(page, control)).toContain('aria-invalid="true"');
  expect(describedBy(page, control)).toContain(messageId);
  const said = tagOf(page, messageId);
  expect(page).toContain(`${said}${text}<`);
  expect(said).toContain('role="alert"');
};

const fieldOf = (page: string, control: string): string => {
  const at = page.indexOf(tagOf(page, control));
  return page.slice(page.lastIndexOf("<div class=", at), page.indexOf("</div>", at));
};

describe("a refused entry is said at its field and named by it", () => {
  it("authenticator set-up: under the code field, not at the top of the long page", () => {
    const page = configureTotpPage(ctx, {
      action: "/a",
      qrDataUrl: "data:image/png;base64,AAAA",
      otpauthUri: "otpauth://totp/x",
      secret: "ABCD",
      replacesEmail: false,
      error: wrong,
    });
    saidAtField(page, "totp", "totp-error");
    expect(fieldOf(page, "totp")).toContain('id="totp-error" class="field__error"');
    expect(page.indexOf('id="totp-error"')).toBeGreaterThan(
      page.indexOf('id="kc-totp-secret-key"'),
    );
  });

  it("second factor: the code's hint, then its error", () => {
    const page = secondFactorPage(ctx, { action: "/a", kind: "app", codeError: wrong });
    saidAtField(page, "otp", "otp-error");
    expect(describedBy(page, "otp")).toEqual(["otp-hint", "otp-error"]);
    expect(fieldOf(page, "otp")).toContain('class="field__error"');
  });

  it("second factor: a page notice (a new code asked for too soon) leaves the code valid", () => {
    const page = secondFactorPage(ctx, {
      action: "/a",
      kind: "email",
      error: message("error", "Please wait.", "otp-error"),
    });
    expect(tagOf(page, "otp")).toContain('aria-invalid="false"');
    expect(describedBy(page, "otp")).toEqual(["otp-hint"]);
  });

  it("e-mail code set-up: under the code field; a page problem stays a notice", () => {
    const model = { action: "/a", email: "a@example.org", codeSent: true };
    const page = configureEmailOtpPage(ctx, { ...model, codeError: wrong });
    saidAtField(page, "otp", "otp-error");
    expect(describedBy(page, "otp")).toEqual(["otp-hint", "otp-error"]);
    const notice = configureEmailOtpPage(ctx, {
      ...model,
      error: message("error", "Please wait.", "email-otp-error"),
    });
    expect(tagOf(notice, "otp")).toContain('aria-invalid="false"');
  });

  it("recovery code: under its field, the disclosure open", () => {
    const form = recoveryCodeForm(ctx, { action: "/a", error: wrong }).html;
    saidAtField(form, "recoveryCodeInput", "recovery-code-error");
    expect(describedBy(form, "recoveryCodeInput")).toEqual([
      "recovery-code-hint",
      "recovery-code-error",
    ]);
    expect(form).toMatch(/^<details [^>]* open>/);
  });

  it("recovery codes set-up: at the 'I have stored them' box", () => {
    const page = configureRecoveryCodesPage(ctx, {
      action: "/a",
      codes: ["AAAA-BBBB"],
      replaces: false,
      date: "2026-11-26",
      error: wrong,
    });
    saidAtField(page, "saved", "saved-error");
  });

  it("password again: under the password", () => {
    const page = reauthPage(ctx, {
      action: "/a",
      cancelAction: "/c",
      username: "a@example.org",
      forgotPassword: "/f",
      passwordError: wrong,
    });
    saidAtField(page, "password", "password-error");
    expect(fieldOf(page, "password")).toContain('class="field__error"');
  });

  it("sign-in: both fields name the message above them; other notices mark nothing", () => {
    const links = { forgotPassword: "/f", register: "/r" };
    const page = loginPage(ctx, { action: "/a", links, credentialsError: wrong });
    for (const control of ["username", "password"]) {
      expect(tagOf(page, control)).toContain('aria-invalid="true"');
      expect(describedBy(page, control)).toEqual(["login-error"]);
    }
    expect(page).toContain(`data-qa="x-error">${wrong.text}</div>`);
    const unconfirmed = loginPage(ctx, {
      action: "/a",
      links,
      error: message("error", "Not confirmed.", "login-unconfirmed"),
    });
    for (const control of ["username", "password"]) {
      expect(tagOf(unconfirmed, control)).toContain('aria-invalid="false"');
      expect(tagOf(unconfirmed, control)).not.toContain("aria-describedby");
    }
  });

  it("sign-in: a field left empty is said at that field, under it", () => {
    const links = { forgotPassword: "/f", register: "/r" };
    const missing = (text: string): FieldError => ({ text, qa: "missing" });
    const both = loginPage(ctx, {
      action: "/a",
      links,
      usernameError: missing(providerTexts("en", "page").emailMissing),
      passwordError: missing(providerTexts("en", "page").passwordMissing),
    });
    saidAtField(both, "username", "username-error", providerTexts("en", "page").emailMissing);
    saidAtField(both, "password", "password-error", providerTexts("en", "page").passwordMissing);
    expect(describedBy(both, "username")).toEqual(["username-error"]);
    expect(fieldOf(both, "password")).toContain('class="field__error"');
    expect(both).not.toContain('id="login-error"');
    const password = loginPage(ctx, {
      action: "/a",
      links,
      username: "a@example.org",
      passwordError: missing(providerTexts("en", "page").passwordMissing),
    });
    expect(tagOf(password, "username")).toContain('aria-invalid="false"');
    saidAtField(
      password,
      "password",
      "password-error",
      providerTexts("en", "page").passwordMissing,
    );
  });

  it("device code: a wrong code at the field; a cancelled sign-in is the page's", () => {
    const form = '<form action="/realms/portal/device"><input name="xsrf" value="x"></form>';
    const page = deviceInputPage(ctx, form, "incorrect");
    saidAtField(
      page,
      "device-user-code",
      "device-code-error",
      providerTexts("en", "page").deviceCodeIncorrect,
    );
    expect(describedBy(page, "device-user-code")).toEqual(["device-hint", "device-code-error"]);
    const aborted = deviceInputPage(ctx, form, "aborted");
    expect(tagOf(aborted, "device-user-code")).toContain('aria-invalid="false"');
  });

  it("without a problem no field is invalid or names a message", () => {
    const page = secondFactorPage(ctx, { action: "/a", kind: "app" });
    expect(tagOf(page, "otp")).toContain('aria-invalid="false"');
    expect(page).not.toContain("field__error");
  });
});
