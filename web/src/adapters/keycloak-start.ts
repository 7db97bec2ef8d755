import type { WebRuntimeConfig } from "@portal/contracts";
import type { BrowserIdentity } from "../app/browser-identity.js";
import { keycloakConfig, realmUrlOf, sameOriginEndpoints } from "./keycloak-config.js";
import {
  KeycloakIdentity,
  type KeycloakIdentityOptions,
  thirdPartyCheckProbe,
  userinfoProbe,
} from "./keycloak-identity.js";
import { watchSession } from "./keycloak-session-watch.js";
import { KeycloakVisitor } from "./keycloak-visitor.js";
import { storageSessionHint } from "./session-hint.js";
import { carriesAuthorizationResponse, silentSignIn } from "./silent-sign-in.js";

export interface KeycloakStartOptions {
  /** The interface language for the provider's pages, read when a login starts. */
  readonly locale: () => string;
  /** Protected routes sign in at once; every other route checks silently. */
  readonly loginRequired: boolean;
  /**
   * The session of a signed-in page ended elsewhere (spec's session check, every 5 s): the
   * token is cleared by then; the page must stop showing the person.
   */
  readonly onSignedOut?: () => void;
}

/**
 * keycloak-js for the configured provider, initialised (silent check-sso, or the login a
 * protected route needs). Its own chunk: the first page renders without waiting for it.
 * With the provider on the page's own origin a public page asks silently first (one
 * fetch, silent-sign-in.ts): a visitor without a session gets an identity that loads
 * keycloak-js only for a login (keycloak-visitor.ts).
 *
 * @example
 * const identity = await startKeycloakIdentity(config, { locale: () => "de", loginRequired: false });
 */
export async function startKeycloakIdentity(
  config: WebRuntimeConfig,
  options: KeycloakStartOptions,
): Promise<BrowserIdentity> {
  const endpoints = sameOriginEndpoints(config.identity, window.location.origin);
  const kcConfig = keycloakConfig(config.identity, window.location.origin);
  const baseUrl = new URL(config.basePath, window.location.origin).href;
  const realm = new URL(
    realmUrlOf(config.identity.url, config.identity.realm),
    window.location.origin,
  );
  const identityOf = async (
    how: Pick<KeycloakIdentityOptions, "silentSignIn" | "silentCheckAvailable">,
  ): Promise<KeycloakIdentity> => {
    const { default: Keycloak } = await import("keycloak-js");
    return new KeycloakIdentity(new Keycloak(kcConfig), {
      baseUrl,
      locale: options.locale,
      sessionProbe: userinfoProbe(`${realm.href}/protocol/openid-connect/userinfo`),
      // Schema comes with the claims' decoder, once a session exists.
      claims: { load: () => import("./keycloak-claims.js").then((m) => m.decodeLoginClaims) },
      ...how,
    });
  };
  // A provider on another origin: keycloak-js's iframe, after its third-party-cookie page
  // (which that provider must serve).
  if (!endpoints)
    return started(
      await identityOf({
        silentCheckAvailable: thirdPartyCheckProbe(config.identity.url, config.identity.realm),
      }),
      options,
    );
  // On the page's own origin: one fetch, no iframe.
  const silent = () =>
    silentSignIn({
      authorizationEndpoint: endpoints.authorization_endpoint,
      tokenEndpoint: endpoints.token_endpoint,
      clientId: config.identity.clientId,
      redirectUri: new URL("silent-check-sso.html", baseUrl).href,
    });
  // A protected route signs in at once; a page coming back from the provider carries its
  // answer in the address, which keycloak-js reads.
  if (options.loginRequired || carriesAuthorizationResponse(window.location.href))
    return started(await identityOf({ silentSignIn: silent }), options);
  // A browser signed in at its last check will most likely need keycloak-js: its download
  // runs beside the silent check instead of after it.
  if (storageSessionHint().read()) warmUpSignedIn();
  // A network failure leaves the page signed out, as keycloak-js's own check does; a login
  // then asks again.
  const answer = await silent().catch(() => null);
  // keycloak-js takes the tokens (or the signed-out answer) instead of asking again.
  const withAnswer = () => identityOf({ silentSignIn: answer ? async () => answer : silent });
  if (answer?._tag === "SignedIn") {
    warmUpSignedIn();
    return started(await withAnswer(), options);
  }
  return new KeycloakVisitor(async () => {
    const identity = await withAnswer();
    await identity.init(false);
    return identity;
  });
}

/**
 * Starts the downloads a signed-in start needs, side by side rather than one after the
 * other: keycloak-js and the claims' decoder (a failure is reported where they are used).
 */
const warmUpSignedIn = (): void => {
  void import("keycloak-js").catch(() => undefined);
  void import("./keycloak-claims.js").catch(() => undefined);
};

/** Initialises keycloak-js; a signed-in page load watches its session for as long as it lives. */
async function started(
  identity: KeycloakIdentity,
  options: KeycloakStartOptions,
): Promise<KeycloakIdentity> {
  // Sign-ins and sign-outs are page loads: a page that starts signed out has nothing to watch.
  if ((await identity.init(options.loginRequired)) && options.onSignedOut) {
    const { onSignedOut, loginRequired } = options;
    watchSession({
      isOpen: () => identity.sessionOpen(),
      onEnded: () => {
        // A page loaded for a protected route is left by onSignedOut; clearing its token
        // would start keycloak-js's login-required sign-in first.
        if (!loginRequired) identity.forgetSession();
        onSignedOut();
      },
    });
  }
  return identity;
}
