import { routePath } from "@portal/core";
import { baseUrl, httpUrl, text } from "./rules.js";
import { optional, setting, type Values } from "./setting.js";

/** The portal's address, and the association it serves. */
export const siteSettings = {
  /** Origin the browser uses, without a trailing slash; mail links start with it. */
  publicUrl: setting(
    "PUBLIC_URL",
    baseUrl,
    ({ port }: { port: number }) => `http://localhost:${port}`,
  ),
  /** The association's name in pages and mails (ASSOCIATION_NAME). */
  associationName: setting("ASSOCIATION_NAME", text, "Business Credit Association"),
  /** The association's homepage (HOMEPAGE_URL), without a trailing slash. */
  homepageUrl: setting("HOMEPAGE_URL", baseUrl, "https://www.example.org"),
  /** Domain of the language cookie, to share it with the homepage (LANGUAGE_COOKIE_DOMAIN). */
  languageCookieDomain: optional("LANGUAGE_COOKIE_DOMAIN", text),
};

export type SiteSettings = Values<typeof siteSettings>;
type Site = Pick<SiteSettings, "publicUrl" | "homepageUrl">;

/** The association's pages the portal links to, by default below its homepage. */
export const linkSettings = {
  /** The association's FAQ page (FAQ_URL, default HOMEPAGE_URL/faq). */
  faqUrl: setting("FAQ_URL", httpUrl, (site: Site) => `${site.homepageUrl}/faq`),
  /** The legal notice, also in every mail's footer (LEGAL_NOTICE_URL, default HOMEPAGE_URL/legal-notice). */
  legalNoticeUrl: setting(
    "LEGAL_NOTICE_URL",
    httpUrl,
    (site: Site) => `${site.homepageUrl}/legal-notice`,
  ),
  /** The terms of use (TERMS_OF_USE_URL, default HOMEPAGE_URL/terms-of-use). */
  termsOfUseUrl: setting(
    "TERMS_OF_USE_URL",
    httpUrl,
    (site: Site) => `${site.homepageUrl}/terms-of-use`,
  ),
  /** Where "register" leads (SIGNUP_URL, default the portal's own registration). */
  signupUrl: setting(
    "SIGNUP_URL",
    httpUrl,
    (site: Site) => `${site.publicUrl}${routePath("register")}`,
  ),
};

export type LinkSettings = Values<typeof linkSettings>;
