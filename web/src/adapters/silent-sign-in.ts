/**
 * The silent sign-in check (OpenID Connect `prompt=none`) of a provider on the page's own
 * origin, as one `fetch` instead of keycloak-js's hidden iframe.
 *
 * Why: the iframe is a second document. Creating, loading and removing it, and the message
 * it posts back, were the largest main-thread tasks a visitor's public page had left after
 * hydration (about 60 and 20 ms on a slow machine, four times that on Lighthouse's phone).
 * A same-origin fetch follows the provider's redirects with the provider's cookies like the
 * iframe did, and its final address (`response.url`, readable on the page's own origin)
 * carries the same answer: `code` and `state`, or `error=login_required`.
 *
 * The protections are keycloak-js's, done here: a fresh `state` the answer must echo, PKCE
 * S256 with a 96-character verifier (spec section 9), and a `nonce` the ID token must carry
 * (an invalid nonce signs out, spec section 4). The code never appears in the page's address
 * or history. A provider on another origin keeps keycloak-js's iframe check: its redirects
 * cannot be read by a fetch.
 */

/** The tokens of a session found by the check, for keycloak-js's `init`. */
export interface SilentTokens {
  readonly token: string;
  readonly refreshToken: string;
  readonly idToken: string;
}

/** Why the check found no usable session (the provider's error, or what did not match). */
export type SilentSignOutReason =
  | "provider-error"
  | "unexpected-address"
  | "state-mismatch"
  | "token-request-failed"
  | "nonce-mismatch";

export type SilentSignInResult =
  | { readonly _tag: "SignedIn"; readonly tokens: SilentTokens }
  | { readonly _tag: "SignedOut"; readonly reason: SilentSignOutReason; readonly error?: string };

export interface SilentSignInOptions {
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly clientId: string;
  /** A registered redirect URI on the page's origin (the silent check page). */
  readonly redirectUri: string;
  readonly fetchFn?: typeof fetch;
  readonly crypto?: Crypto;
}

/** Spec section 9: the PKCE verifier has 96 characters (RFC 7636 allows 43 to 128). */
export const PKCE_VERIFIER_LENGTH = 96;
const UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `length` characters of `UNRESERVED`, uniformly (bytes past the last whole alphabet are drawn again). */
export const randomString = (length: number, crypto: Crypto): string => {
  const limit = 256 - (256 % UNRESERVED.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < limit && out.length < length) out += UNRESERVED[byte % UNRESERVED.length];
    }
  }
  return out;
};

const base64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** RFC 7636 S256: BASE64URL(SHA-256(verifier)). */
export const pkceChallenge = async (verifier: string, crypto: Crypto): Promise<string> =>
  base64Url(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
  );

/** The claims of a JWT, unverified (the token came straight from the provider's endpoint). */
const jwtClaims = (jwt: string): Record<string, unknown> | null => {
  try {
    const part = jwt.split(".")[1] ?? "";
    const json = atob(part.replace(/-/g, "+").replace(/_/g, "/"));
    const text = new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(text);
    return typeof claims === "object" && claims !== null
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

const signedOut = (reason: SilentSignOutReason, error?: string): SilentSignInResult =>
  error === undefined ? { _tag: "SignedOut", reason } : { _tag: "SignedOut", reason, error };

/**
 * Asks the provider, without showing anything, whether this browser has a session, and
 * redeems the answer's code. Network failures reject (keycloak-js's check fails the same way).
 *
 * @example
 * const result = await silentSignIn({ authorizationEndpoint, tokenEndpoint, clientId, redirectUri });
 * if (result._tag === "SignedIn") await kc.init({ ...result.tokens });
 */
export async function silentSignIn(options: SilentSignInOptions): Promise<SilentSignInResult> {
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const crypto = options.crypto ?? globalThis.crypto;
  const state = randomString(32, crypto);
  const nonce = randomString(32, crypto);
  const verifier = randomString(PKCE_VERIFIER_LENGTH, crypto);
  const authorization = new URL(options.authorizationEndpoint);
  for (const [key, value] of [
    ["client_id", options.clientId],
    ["redirect_uri", options.redirectUri],
    ["state", state],
    // The answer in the query: a fetch's final URL carries no fragment.
    ["response_mode", "query"],
    ["response_type", "code"],
    ["scope", "openid"],
    ["nonce", nonce],
    ["prompt", "none"],
    ["code_challenge", await pkceChallenge(verifier, crypto)],
    ["code_challenge_method", "S256"],
  ] as const)
    authorization.searchParams.set(key, value);

  const answer = await fetchFn(authorization.href, {
    credentials: "same-origin",
    redirect: "follow",
    cache: "no-store",
  });
  const landed = new URL(answer.url);
  const expected = new URL(options.redirectUri);
  // Anything but the silent check page (a login form, an error page) is no answer.
  if (landed.origin !== expected.origin || landed.pathname !== expected.pathname)
    return signedOut("unexpected-address");
  const params = landed.searchParams;
  if (params.get("state") !== state) return signedOut("state-mismatch");
  const error = params.get("error");
  if (error !== null) return signedOut("provider-error", error);
  const code = params.get("code");
  if (!code) return signedOut("provider-error", "no_code");

  const response = await fetchFn(options.tokenEndpoint, {
    method: "POST",
    credentials: "same-origin",
    cache: "no-store",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      client_id: options.clientId,
      redirect_uri: options.redirectUri,
      code_verifier: verifier,
    }),
  });
  if (!response.ok) return signedOut("token-request-failed", String(response.status));
  const body = (await response.json()) as Record<string, unknown>;
  const { access_token: token, refresh_token: refreshToken, id_token: idToken } = body;
  if (typeof token !== "string" || typeof refreshToken !== "string" || typeof idToken !== "string")
    return signedOut("token-request-failed", "incomplete");
  if (jwtClaims(idToken)?.nonce !== nonce) return signedOut("nonce-mismatch");
  return { _tag: "SignedIn", tokens: { token, refreshToken, idToken } };
}

/**
 * Whether the page's address carries an authorization response (keycloak-js's redirect back
 * from a sign-in or an application-initiated action, in the fragment): keycloak-js must read
 * that one itself, so the page does not start a check of its own.
 */
export const carriesAuthorizationResponse = (href: string): boolean => {
  const url = new URL(href);
  return new URLSearchParams(url.hash.slice(1)).has("state") || url.searchParams.has("state");
};
