import * as Schema from "effect/Schema";

/** The two kinds of identity provider the portal signs in through. */
export const IDENTITY_PROVIDERS = ["embedded", "keycloak"] as const;
export type IdentityProviderKind = (typeof IDENTITY_PROVIDERS)[number];

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
    /**
     * Who signs people in: the portal's embedded provider, or Keycloak (OIDC_ISSUER set to
     * a Keycloak realm). The security page offers only what that provider can do: e-mail
     * codes, remembered devices and the review of suspended factors are the embedded
     * provider's (docs/keycloak.md).
     */
    provider: Schema.Literals(IDENTITY_PROVIDERS),
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
  /** Where a person who needs help is sent ("contact us"): an address, a page, a phone. */
  supportContact: Schema.Struct({
    email: Schema.String,
    url: Schema.NullOr(Schema.String),
    phone: Schema.NullOr(Schema.String),
  }),
  /**
   * Days between a confirmed deletion and the erasure (DELETION_GRACE_DAYS): 0 erases at
   * the click (the spec's irrevocable deletion); above 0 the click closes the account and
   * the confirmation mail's link restores it until then, which the deletion texts say.
   */
  deletionGraceDays: Schema.Number,
  /** First-party analytics endpoint; null turns analytics off. */
  analyticsUrl: Schema.NullOr(Schema.String),
  /**
   * Origins `/login` may redirect to (web-target URLs); absent means the app's own origin
   * and the branding URLs' origins only.
   */
  redirectAllowList: Schema.optionalKey(Schema.Array(Schema.String)),
});
export type WebRuntimeConfig = typeof WebRuntimeConfig.Type;
