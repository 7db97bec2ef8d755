import type { WebRuntimeConfig } from "@portal/contracts";
import { BASE_PATH } from "@portal/core";

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
  identity: { url: "", realm: "", clientId: "" },
  languageCookieDomain: null,
  securityMenu: { enabled: false, memberNumberPrefixes: [] },
  branding: BRANDING_MARKERS,
  analyticsUrl: null,
};
