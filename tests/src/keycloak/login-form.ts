import { createHash, randomBytes } from "node:crypto";

/** Who signs in where: Keycloak's realm, the app's redirect URI, the address and password. */
export interface LoginPageSignIn {
  readonly issuer: string;
  readonly redirectUri: string;
  readonly username: string;
  readonly password: string;
}

/**
 * A sign-in on Keycloak's own login page as keycloak-js starts it (authorization code with
 * PKCE S256 for `benutzerverwaltung`), driven through fetch: the cookies by hand, the form's
 * action read from its HTML. The access token's claims when Keycloak redirected back with a
 * code that the token endpoint exchanged; undefined when the page came back (refused).
 */
export const claimsFromLoginPage = async (
  options: LoginPageSignIn,
): Promise<Record<string, unknown> | undefined> => {
  const oidc = `${options.issuer}/protocol/openid-connect`;
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const cookies = new Map<string, string>();
  const keep = (answer: Response) => {
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const page = await fetch(
    `${oidc}/auth?${new URLSearchParams({
      client_id: "benutzerverwaltung",
      response_type: "code",
      scope: "openid",
      redirect_uri: options.redirectUri,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: randomBytes(8).toString("hex"),
    })}`,
  );
  keep(page);
  const html = await page.text();
  const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form on Keycloak's page (${page.status})`);
  const posted = await fetch(action.replaceAll("&amp;", "&"), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      username: options.username,
      password: options.password,
      credentialId: "",
    }),
  });
  await posted.body?.cancel();
  const location = posted.headers.get("location");
  if (posted.status !== 302 || !location?.startsWith(options.redirectUri)) return undefined;
  const code = new URL(location).searchParams.get("code");
  if (!code) return undefined;
  const tokens = await fetch(`${oidc}/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: "benutzerverwaltung",
      code,
      redirect_uri: options.redirectUri,
      code_verifier: verifier,
    }),
  });
  if (tokens.status !== 200) return undefined;
  const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
  return JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString("utf8"));
};

/** True when the person signs in on Keycloak's login page ({@link claimsFromLoginPage}). */
export const signInOnLoginPage = async (options: LoginPageSignIn): Promise<boolean> =>
  (await claimsFromLoginPage(options)) !== undefined;
