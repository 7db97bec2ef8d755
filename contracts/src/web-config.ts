import * as Schema from "effect/Schema";
import { SingleLineText } from "./text-fields.js";

/**
 * `/benutzerverwaltung/config.json`: the runtime settings the web app reads at load,
 * written by the server from its environment, so one build serves every environment.
 *
 * @example
 * const cfg = Schema.decodeUnknownSync(WebRuntimeConfig)(await (await fetch("config.json")).json());
 */
export const WebRuntimeConfig = Schema.Struct({
  /** Always ends with a slash, e.g. `/benutzerverwaltung/`. */
  basePath: Schema.String,
  /** Origin of the user-management API; empty string for the same origin. */
  apiBaseUrl: Schema.String,
  /** Base URL of the smart-signup service, e.g. `/api/gatinator/smart-signup`. */
  smartSignupUrl: Schema.String,
  identity: Schema.Struct({
    /** Base URL of Keycloak or the embedded provider (without `/realms/...`). */
    url: Schema.String,
    realm: Schema.String,
    clientId: Schema.String,
  }),
  /** Parent domain for the CAS_PREFERRED_LANGUAGE cookie; null for the current host. */
  languageCookieDomain: Schema.NullOr(Schema.String),
  securityMenu: Schema.Struct({
    enabled: Schema.Boolean,
    /** Three-digit member-number prefixes; empty allows all. */
    memberNumberPrefixes: Schema.Array(Schema.String),
  }),
  branding: Schema.Struct({
    associationName: Schema.String,
    homepageUrl: Schema.String,
    faqUrl: Schema.String,
    legalNoticeUrl: Schema.String,
    termsOfUseUrl: Schema.String,
    signUpUrl: Schema.String,
  }),
  /** First-party analytics endpoint; null turns analytics off. */
  analyticsUrl: Schema.NullOr(Schema.String),
  /**
   * Origins `/login` may redirect to (web-target URLs); absent means the app's own origin
   * and the branding URLs' origins only.
   */
  redirectAllowList: Schema.optionalKey(Schema.Array(Schema.String)),
});
export type WebRuntimeConfig = typeof WebRuntimeConfig.Type;

/** An analytics event is a route name or a masked error report, never a document. */
export const ANALYTICS_LIMITS = {
  name: 200,
  dataEntries: 20,
  dataKey: 200,
  dataValue: 500,
} as const;

const boundedString = (maxLength: number) => Schema.String.check(Schema.isMaxLength(maxLength));

/**
 * Analytics event as the web app posts it (only after consent), with its limits: a
 * non-empty single-line name, at most 20 data entries of bounded keys and values (a
 * value may span lines: a masked error message). A refusal is 400 INVALID_REQUEST.
 */
export const AnalyticsEvent = Schema.Struct({
  kind: Schema.Literals(["pageView", "event", "error"]),
  name: SingleLineText(ANALYTICS_LIMITS.name, {
    tooLong: "INVALID_REQUEST",
    invalid: "INVALID_REQUEST",
  }).check(Schema.isMinLength(1)),
  data: Schema.optionalKey(
    Schema.Record(
      boundedString(ANALYTICS_LIMITS.dataKey),
      boundedString(ANALYTICS_LIMITS.dataValue),
    ).check(Schema.isMaxProperties(ANALYTICS_LIMITS.dataEntries)),
  ),
});
export type AnalyticsEvent = typeof AnalyticsEvent.Type;
