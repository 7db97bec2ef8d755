import { API_ROUTES, apiPath, SMART_SIGNUP_PREFIX, type WebRuntimeConfig } from "@portal/contracts";
import { BASE_PATH, DEFAULT_SECURITY_PREFIXES } from "@portal/core";
import { type Config, isEmbeddedIssuer } from "../config.js";

/** The web app's base path (spec: all routes sit under it): core's one definition. */
export { BASE_PATH };
/** Where the web app posts analytics events. */
export const ANALYTICS_PATH = apiPath(API_ROUTES.sendAnalyticsEvent);

/** Splits `https://host/auth/realms/portal` into the keycloak-js url and realm. */
const identityOf = (issuer: string): { url: string; realm: string } => {
  const match = /^(.*)\/realms\/([^/]+)\/?$/.exec(issuer);
  if (!match) return { url: issuer, realm: "portal" };
  return { url: match[1] ?? issuer, realm: decodeURIComponent(match[2] ?? "portal") };
};

/** The origin of `url`, or undefined when it is no absolute http(s) URL. */
const originOf = (url: string): string | undefined => {
  const parsed = URL.parse(url);
  return parsed && (parsed.protocol === "https:" || parsed.protocol === "http:")
    ? parsed.origin
    : undefined;
};

/**
 * Origins `/login` may send a person to: the portal's own (PUBLIC_URL), the branding
 * URLs', REDIRECT_ALLOW_LIST's and the stored web targets' (`webTargetUrls`), each once,
 * in that order. Origins only: the web app compares origins.
 *
 * @example
 * redirectAllowList(config, ["https://shop.example.org/start"]);
 * // ["http://localhost:8080", "https://www.example.org", "https://shop.example.org"]
 */
export const redirectAllowList = (
  config: Config,
  webTargetUrls: ReadonlyArray<string>,
): string[] => {
  const urls = [
    config.publicUrl,
    config.homepageUrl,
    config.faqUrl,
    config.legalNoticeUrl,
    config.termsOfUseUrl,
    config.signupUrl,
    ...config.redirectAllowList,
    ...webTargetUrls,
  ];
  return [...new Set(urls.map(originOf).filter((origin) => origin !== undefined))];
};

/**
 * `/benutzerverwaltung/config.json`: what the web app needs from this environment, so one
 * build serves every environment. `webTargetUrls` are the stored web targets' URLs.
 *
 * @example
 * webRuntimeConfig(config, []).identity; // { url: "http://localhost:8080", realm: "portal", clientId: "benutzerverwaltung", provider: "embedded" }
 */
export const webRuntimeConfig = (
  config: Config,
  webTargetUrls: ReadonlyArray<string>,
): WebRuntimeConfig => ({
  basePath: BASE_PATH,
  apiBaseUrl: "",
  smartSignupUrl: SMART_SIGNUP_PREFIX,
  identity: {
    ...identityOf(config.oidcIssuer),
    clientId: config.oidcClientId,
    provider: isEmbeddedIssuer(config) ? "embedded" : "keycloak",
  },
  languageCookieDomain: config.languageCookieDomain ?? null,
  securityMenu: {
    enabled: config.securityMenuEnabled,
    memberNumberPrefixes: [...(config.securityMenuPrefixes ?? DEFAULT_SECURITY_PREFIXES)],
  },
  branding: {
    associationName: config.associationName,
    homepageUrl: config.homepageUrl,
    faqUrl: config.faqUrl,
    legalNoticeUrl: config.legalNoticeUrl,
    termsOfUseUrl: config.termsOfUseUrl,
    signUpUrl: config.signupUrl,
  },
  supportContact: {
    email: config.supportContact.email,
    url: config.supportContact.url ?? null,
    phone: config.supportContact.phone ?? null,
  },
  deletionGraceDays: config.deletionGraceDays,
  analyticsUrl: ANALYTICS_PATH,
  redirectAllowList: redirectAllowList(config, webTargetUrls),
});
