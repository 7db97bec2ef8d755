import { describe, expect, it } from "vitest";
import { NO_WEB_APP_HEAD } from "../../static/web-app-head.js";
import { configureTotpPage } from "./action-pages.js";
import { providerAssets } from "./assets.js";
import type { PageContext } from "./html.js";
import { configureRecoveryCodesPage } from "./recovery-code-pages.js";
import { providerTexts } from "./texts.js";

// Issue 29 (smaller items): the authenticator set-up offers "copy key" and an otpauth:
// link for an authenticator app on the same phone; recovery codes get "copy all"; the
// recovery-code page leaves the missing tick to the server's message at the checkbox
// instead of the browser's own validation bubble.

const ctx = (language: "de" | "en" | "fr"): PageContext => ({
  language,
  locale: { de: "de_DE", en: "en_US", fr: "fr_FR" }[language] as PageContext["locale"],
  texts: providerTexts(language, "page"),
  associationName: "Association",
  portalUrl: "https://portal.example/benutzerverwaltung/",
  faqUrl: "https://www.example.org/faq",
  signUpUrl: "https://portal.example/benutzerverwaltung/registrieren",
  legalNoticeUrl: "https://www.example.org/legal-notice",
  resources: "/realms/portal/resources",
  appHead: NO_WEB_APP_HEAD,
});

const URI = "otpauth://totp/Association:a%40example.org?issuer=Association&secret=JBSWY3DPEHPK3PXP";
const CODES = ["AAAA-BBBB-CCCC", "DDDD-EEEE-FFFF"];

/** The opening tag of the element with `data-qa="qa"`. */
const tagOf = (page: string, qa: string): string => {
  const match = new RegExp(`<[a-z]+ [^>]*data-qa="${qa}"[^>]*>`).exec(page);
  if (!match) throw new Error(`no element ${qa}`);
  return match[0];
};

describe.each([
  ["de", "Schlüssel kopieren", "In der Authenticator-App öffnen", "Alle Codes kopieren"],
  ["en", "Copy key", "Open in the authenticator app", "Copy all codes"],
  [
    "fr",
    "Copier la clé",
    "Ouvrir dans l&#39;application d&#39;authentification",
    "Copier tous les codes",
  ],
] as const)("set-up helpers in %s", (language, copyKey, openInApp, copyAll) => {
  const totp = configureTotpPage(ctx(language), {
    action: "/a",
    qrDataUrl: "data:image/png;base64,AAAA",
    otpauthUri: URI,
    secret: "JBSW Y3DP EHPK 3PXP",
    replacesEmail: false,
  });
  const codes = configureRecoveryCodesPage(ctx(language), {
    action: "/r",
    codes: CODES,
    replaces: false,
    date: "2026-11-27",
  });

  it("copies the authenticator key without its reading spaces", () => {
    const button = tagOf(totp, "totp-copy-key");
    expect(button).toContain('data-copy="JBSWY3DPEHPK3PXP"');
    expect(button).toContain('type="button"');
    // Shown by the script only where the clipboard can be written.
    expect(button).toContain(" hidden");
    expect(totp).toContain(`data-qa="totp-copy-key">${copyKey}</button>`);
    expect(tagOf(totp, "totp-copy-key-status")).toContain('role="status"');
  });

  it("links the key for an authenticator app on this phone (otpauth:)", () => {
    const link = tagOf(totp, "totp-open-in-app");
    expect(link).toContain(`href="${URI.replace(/&/g, "&amp;")}"`);
    expect(link).toContain('aria-describedby="totp-open-hint"');
    expect(totp).toContain(`data-qa="totp-open-in-app">${openInApp}</a>`);
  });

  it("copies all recovery codes, one a line", () => {
    const button = tagOf(codes, "recovery-codes-copy");
    expect(button).toContain(`data-copy="${CODES.join("\n")}"`);
    expect(codes).toContain(`data-qa="recovery-codes-copy">${copyAll}</button>`);
  });

  it("leaves the missing tick to the server's message at the field (no browser bubble)", () => {
    expect(tagOf(codes, "recovery-codes-form")).toContain(" novalidate");
  });
});

describe("login.js's copy buttons", () => {
  it("show only with a writable clipboard and say the outcome in their status", () => {
    const LOGIN_JS = providerAssets().loginJs;
    expect(LOGIN_JS).toContain("navigator.clipboard.writeText");
    expect(LOGIN_JS).toContain('"data-copied"');
    expect(LOGIN_JS).toContain('"data-copy-failed"');
  });
});
