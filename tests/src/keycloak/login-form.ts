import { createHash, randomBytes } from "node:crypto";

/**
 * A sign-in on Keycloak's own login page as keycloak-js starts it (authorization code with
 * PKCE S256 for `benutzerverwaltung`), driven through fetch: the cookies by hand, the form's
 * action read from its HTML. True when Keycloak redirected back with a code that the token
 * endpoint exchanged for tokens; false when the page came back (a refused password).
 */
export const signInOnLoginPage = async (options: {
  readonly issuer: string;
  readonly redirectUri: string;
  readonly username: string;
  readonly password: string;
}): Promise<boolean> => {
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
  if (posted.status !== 302 || !location?.startsWith(options.redirectUri)) return false;
  const code = new URL(location).searchParams.get("code");
  if (!code) return false;
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
  await tokens.body?.cancel();
  return tokens.status === 200;
};
