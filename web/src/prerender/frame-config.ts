import type { PreferredLanguage, WebRuntimeConfig } from "@portal/contracts";
import { BASE_PATH, LOCALE_CHOICES, ROUTES } from "@portal/core";

/**
 * The branding values a frame shows are the server's (config.json, one build for every
 * environment): the build renders these markers in their place and the server puts its
 * own values in, HTML-escaped, when it answers the page (server/src/static/web-app-frames.ts).
 * Letters and underscores only, so React's escaping leaves them as they are.
 */
export const BRANDING_MARKERS = {
  associationName: "__PORTAL_BRANDING_associationName__",
  homepageUrl: "__PORTAL_BRANDING_homepageUrl__",
  faqUrl: "__PORTAL_BRANDING_faqUrl__",
  legalNoticeUrl: "__PORTAL_BRANDING_legalNoticeUrl__",
  termsOfUseUrl: "__PORTAL_BRANDING_termsOfUseUrl__",
  signUpUrl: "__PORTAL_BRANDING_signUpUrl__",
} as const satisfies WebRuntimeConfig["branding"];

/** The year of the footer's copyright, filled in by the server at the time of the request. */
export const YEAR_MARKER = "__PORTAL_YEAR__";

/**
 * The configuration a frame is rendered with: markers for the branding; the rest only
 * matters once the app runs (the frame is the visitor's page, before any request).
 */
export const FRAME_CONFIG: WebRuntimeConfig = {
  basePath: BASE_PATH,
  apiBaseUrl: "",
  smartSignupUrl: "",
  identity: { url: "", realm: "", clientId: "", provider: "embedded" },
  languageCookieDomain: null,
  securityMenu: { enabled: false, memberNumberPrefixes: [] },
  branding: BRANDING_MARKERS,
  // Shown only after an action (a refusal, a deletion), never in a frame.
  supportContact: { email: "", url: null, phone: null },
  deletionGraceDays: 0,
  analyticsUrl: null,
};

/** The routes whose frames the build prerenders: every public one. */
export const FRAME_ROUTES = ROUTES.filter((route) => route.access === "public");

/**
 * The languages with a frame each: all five, de-AT and fr-LU too. Their texts are
 * German's and French's, but the header names them (the language switch's choice and its
 * short tag on a phone): a frame shared with de or fr differed from the app's first render
 * there, and React drew the page afresh, taking the focus from a field being typed into.
 */
export const FRAME_LANGUAGES: ReadonlyArray<PreferredLanguage> = LOCALE_CHOICES.map(
  (c) => c.language,
);
