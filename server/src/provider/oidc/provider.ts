import { type Clock, SUPPORT_CLIENT_ID } from "@portal/core";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import Provider, { errors, interactionPolicy } from "oidc-provider";
import type { Db } from "../../db/client.js";
import { interactionPath } from "../interactions/authentication-expired.js";
import {
  findAccountRow,
  portalClaims,
  realmRoles,
  SUPPORT_ROLE,
  standardClaims,
} from "./account-claims.js";
import { cookieSigner } from "./cookie-signer.js";
import { DrizzleAdapter, idSealer } from "./drizzle-adapter.js";
import type { IdentityKeys } from "./keys.js";
import type { ProviderPageHooks } from "./provider-page-hooks.js";
import { looksLikeJwt, unwrapRefreshToken } from "./refresh-token-jwt.js";

// The support client's id is core's (Keycloak's, see keycloak/realm-portal.json).
export { SUPPORT_CLIENT_ID };
/** Lifetimes in seconds (Keycloak's defaults where it has one). */
export const TTL = {
  accessToken: 5 * 60,
  idToken: 5 * 60,
  authorizationCode: 60,
  /** Keycloak's "SSO Session Idle": a refresh token lives 30 min, renewed on every use. */
  refreshToken: 30 * 60,
  /** Keycloak's "SSO Session Max". */
  session: 10 * 60 * 60,
  interaction: 30 * 60,
  deviceCode: 10 * 60,
} as const;

/** Scopes an access token for the portal API carries (Keycloak's default client scopes). */
/** The authorization endpoint under the realm's path, as Keycloak names it. */
export const AUTHORIZATION_ROUTE = "/protocol/openid-connect/auth";

export const API_SCOPES = "openid email profile";

/** The claims of the `openid` scope: Keycloak puts them all in every token by default. */
const OPENID_CLAIMS = [
  "sub",
  "email",
  "email_verified",
  "preferred_username",
  "given_name",
  "family_name",
  "name",
  "locale",
  "cr_id",
  "cr_mapping",
  "cr_membernumber",
  "cr_userrole",
];

export interface IdentityProviderOptions {
  /** e.g. `http://localhost:8080/realms/portal` */
  readonly issuer: string;
  readonly publicUrl: string;
  readonly webClientId: string;
  readonly webRedirectUris: ReadonlyArray<string>;
  readonly webPostLogoutRedirectUris: ReadonlyArray<string>;
  readonly supportClientSecret: string;
  /** Resource indicator of the portal API: the audience of access tokens. */
  readonly apiResource: string;
  readonly db: Db;
  /** The portal's clock: stored sessions, grants and tokens expire by it. */
  readonly clock: Clock;
  readonly keys: IdentityKeys;
  readonly pages: ProviderPageHooks;
}

/** The prompt that runs an application-initiated action (`kc_action`) once per request. */
const kcActionPrompt = () =>
  new interactionPolicy.Prompt(
    { name: "kc_action", requestable: false },
    new interactionPolicy.Check(
      "kc_action_requested",
      "an application-initiated action was requested",
      (ctx: KoaContextWithOIDC) =>
        typeof ctx.oidc.params?.kc_action === "string" &&
        ctx.oidc.params.kc_action !== "" &&
        !(ctx.oidc.result && "kc_action" in ctx.oidc.result),
    ),
  );

/**
 * The embedded OpenID Connect provider at Keycloak's paths, issuing Keycloak-shaped JWT
 * access tokens (through a resource server with JWT format and extra token claims).
 * Mount its callback under the issuer's path.
 */
export const createIdentityProvider = (options: IdentityProviderOptions): Provider => {
  const { db, keys, pages } = options;
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, "");
  const resolveRefreshToken = async (value: string) =>
    looksLikeJwt(value) ? unwrapRefreshToken(keys.refreshSecret, options.issuer, value) : value;
  const sealer = idSealer(keys.refreshSecret);
  const policy = interactionPolicy.base();
  policy.add(kcActionPrompt());

  const configuration: Configuration = {
    adapter: (model: string) =>
      new DrizzleAdapter(db, model, {
        ...(model === "RefreshToken" ? { resolveId: resolveRefreshToken } : {}),
        sealer: model === "DeviceCode" ? sealer : undefined,
        clock: options.clock,
      }),
    // The first key of the token's algorithm signs; the retired ones are only published.
    jwks: { keys: [keys.signing, ...keys.retired] as never[] },
    // Keygrip's signatures, checked without its extra HMACs (cookie-signer.ts).
    cookies: { keys: cookieSigner(keys.cookieKeys) },
    // ID tokens (the web app's, the CLI's device flow) signed with the ES256 key too.
    clientDefaults: {
      grant_types: ["authorization_code"],
      id_token_signed_response_alg: "ES256",
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
    clients: [
      {
        client_id: options.webClientId,
        client_name: "Benutzerverwaltung",
        token_endpoint_auth_method: "none",
        application_type: "web",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: [...options.webRedirectUris],
        post_logout_redirect_uris: [...options.webPostLogoutRedirectUris],
      },
      {
        client_id: SUPPORT_CLIENT_ID,
        client_name: "Portal support",
        client_secret: options.supportClientSecret,
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: [
          "client_credentials",
          "urn:ietf:params:oauth:grant-type:device_code",
          "refresh_token",
        ],
        response_types: [],
        redirect_uris: [],
      },
    ],
    clientAuthMethods: ["none", "client_secret_basic", "client_secret_post"],
    responseTypes: ["code"],
    pkce: { required: () => true },
    scopes: ["openid", "offline_access", "email", "profile"],
    // The ID token also says when and how the person signed in (`auth_time`, `amr`), as
    // Keycloak's does; the provider passes a claim only when a granted scope names it.
    claims: {
      openid: [...OPENID_CLAIMS, "auth_time", "amr"],
      email: ["email", "email_verified"],
      profile: OPENID_CLAIMS,
    },
    conformIdTokenClaims: false,
    extraParams: ["kc_action", "kc_locale", "kc_idp_hint"],
    routes: {
      authorization: AUTHORIZATION_ROUTE,
      token: "/protocol/openid-connect/token",
      end_session: "/protocol/openid-connect/logout",
      jwks: "/protocol/openid-connect/certs",
      revocation: "/protocol/openid-connect/revoke",
      introspection: "/protocol/openid-connect/token/introspect",
      device_authorization: "/protocol/openid-connect/auth/device",
      code_verification: "/device",
      // Served by the portal's own handler (JWT access tokens, see userinfo.ts).
      userinfo: "/protocol/openid-connect/userinfo",
    },
    discovery: {
      userinfo_endpoint: `${options.issuer}/protocol/openid-connect/userinfo`,
      ui_locales_supported: ["de", "en", "fr"],
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      revocation: { enabled: true },
      clientCredentials: { enabled: true },
      deviceFlow: {
        enabled: true,
        charset: "base-20",
        mask: "****-****",
        userCodeInputSource: pages.userCodeInputSource,
        userCodeConfirmSource: pages.userCodeConfirmSource,
        successSource: pages.deviceSuccessSource,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) => {
          if (resource !== options.apiResource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES,
            audience: client.clientId,
            accessTokenTTL: TTL.accessToken,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "ES256" } },
          };
        },
      },
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind === "ClientCredentials") {
        const service = token.clientId === SUPPORT_CLIENT_ID;
        return {
          typ: "Bearer",
          azp: token.clientId,
          preferred_username: `service-account-${token.clientId}`,
          realm_access: { roles: service ? [SUPPORT_ROLE] : [] },
        };
      }
      const accountId = "accountId" in token ? token.accountId : undefined;
      const row = accountId ? await findAccountRow(db, accountId) : undefined;
      if (!row) return { typ: "Bearer", azp: token.clientId };
      // Keycloak's `sid` names the sign-in session; here that is the session's uid (the
      // provider's own per-client sid only exists with back-channel logout).
      const sid =
        "sessionUid" in token && typeof token.sessionUid === "string"
          ? token.sessionUid
          : undefined;
      // Keycloak's access tokens say when the person last signed in to the session:
      // sensitive API calls ask for a sign-in within 5 minutes (http/fresh-sign-in.ts).
      // (Read by the session's uid, which needs no request context.)
      const session = sid ? await provider.Session.findByUid(sid) : undefined;
      const authTime = session?.authTime();
      // And how (RFC 8176 `amr`, as Keycloak's AMR mapper puts it in access tokens too).
      const amr = session?.amr;
      return {
        typ: "Bearer",
        azp: token.clientId,
        ...(typeof authTime === "number" ? { auth_time: authTime } : {}),
        ...(Array.isArray(amr) && amr.length > 0 ? { amr } : {}),
        ...(sid ? { sid, session_state: sid } : {}),
        realm_access: { roles: realmRoles(row) },
        ...standardClaims(row),
        ...portalClaims(row),
      };
    },
    findAccount: async (_ctx, sub) => {
      const row = await findAccountRow(db, sub);
      if (!row) return undefined;
      return {
        accountId: row.id,
        claims: () => ({ ...standardClaims(row), ...portalClaims(row) }),
      };
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => interactionPath(mountPath, interaction.uid),
    },
    // Refresh tokens for the web app without offline_access, bound to the session as in Keycloak.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => origin === new URL(options.publicUrl).origin,
    renderError: pages.renderError,
    ttl: {
      AccessToken: TTL.accessToken,
      ClientCredentials: TTL.accessToken,
      IdToken: TTL.idToken,
      AuthorizationCode: TTL.authorizationCode,
      RefreshToken: TTL.refreshToken,
      Session: TTL.session,
      Grant: TTL.session,
      Interaction: TTL.interaction,
      DeviceCode: TTL.deviceCode,
    },
  };

  // Read by extraTokenClaims, which runs only once the provider exists.
  const provider: Provider = new Provider(options.issuer, configuration);
  // The forwarded headers it reads are written by mount.ts alone (the public origin and the
  // client address Fastify resolved), never the ones a client sent.
  provider.proxy = true;
  return provider;
};
