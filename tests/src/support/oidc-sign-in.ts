import { createHash, randomBytes } from "node:crypto";
import { HttpSession } from "./http-session.js";

/** The web app's public client at the embedded provider (issue 4). */
export const WEB_CLIENT_ID = "benutzerverwaltung";
export const REALM = "portal";

export interface SignInTimings {
  /** authorize request until the login form is shown */
  readonly authorizeMs: number;
  /** form post of e-mail and password until the code arrives at the redirect URI */
  readonly passwordMs: number;
  /** code exchange at the token endpoint */
  readonly tokenMs: number;
  readonly totalMs: number;
}

export interface SignInResult {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly idToken: string;
  /** The browser-like session (cookies) that signed in, e.g. to log out of it. */
  readonly session: HttpSession;
  readonly timings: SignInTimings;
}

const b64url = (b: Buffer) => b.toString("base64url");

/**
 * Signs in over plain HTTP the way keycloak-js does (authorization code, PKCE S256):
 * authorize, the provider's login form (`#kc-form-login` with `username` and `password`),
 * the code on the redirect URI, then the token endpoint. Used by the benchmarks and by
 * journeys that need a real token without a browser.
 */
export const signInOverHttp = async (
  origin: string,
  email: string,
  password: string,
): Promise<SignInResult> => {
  const session = new HttpSession();
  const redirectUri = `${origin}/benutzerverwaltung/`;
  const verifier = b64url(randomBytes(72)); // 96 characters, as the spec's PKCE verifier
  const challenge = b64url(createHash("sha256").update(verifier).digest());
  const state = b64url(randomBytes(16));
  const oidc = `${origin}/realms/${REALM}/protocol/openid-connect`;
  const authorize = new URL(`${oidc}/auth`);
  for (const [k, v] of Object.entries({
    client_id: WEB_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: "code",
    response_mode: "query",
    scope: "openid",
    state,
    nonce: b64url(randomBytes(16)),
    code_challenge: challenge,
    code_challenge_method: "S256",
  }))
    authorize.searchParams.set(k, v);
  const atRedirect = (u: URL) => u.href.startsWith(redirectUri) && u.searchParams.has("state");

  const t0 = performance.now();
  const shown = await session.follow(authorize, atRedirect);
  if (!shown.response?.ok) throw new Error(`authorize answered ${shown.response?.status}`);
  const html = await shown.response.text();
  const action =
    /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1] ??
    /<form[^>]*action="([^"]+)"[^>]*id="kc-form-login"/.exec(html)?.[1];
  if (!action) throw new Error("no #kc-form-login on the provider's login page");
  const hidden = [...html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)].map((m) => m[0]);
  const form = new URLSearchParams({ username: email, password });
  for (const input of hidden) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? "";
    if (name && !form.has(name)) form.set(name, decodeEntities(value));
  }
  const t1 = performance.now();
  const back = await session.follow(new URL(decodeEntities(action), shown.url), atRedirect, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const code = back.url.searchParams.get("code");
  if (!code || back.url.searchParams.get("state") !== state) {
    throw new Error(
      `sign-in of ${email} gave no code (ended at ${back.url.pathname}, status ${back.response?.status})`,
    );
  }
  const t2 = performance.now();
  const tokenRes = await fetch(`${oidc}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: WEB_CLIENT_ID,
      code_verifier: verifier,
    }),
  });
  if (!tokenRes.ok)
    throw new Error(`token endpoint answered ${tokenRes.status}: ${await tokenRes.text()}`);
  const tokens = (await tokenRes.json()) as {
    access_token: string;
    refresh_token: string;
    id_token: string;
  };
  const t3 = performance.now();
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    idToken: tokens.id_token,
    session,
    timings: { authorizeMs: t1 - t0, passwordMs: t2 - t1, tokenMs: t3 - t2, totalMs: t3 - t0 },
  };
};

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/g, "/")
    .replace(/&#39;/g, "'");
