import { createHash, randomBytes } from "node:crypto";
import { type ApiCallRoute, apiPath } from "@portal/contracts";
import { MAILED_LINKS, routePath } from "@portal/core";
import { type RunningServer, startServer } from "@portal/server";
import { type SettableClock, settableClock } from "../../../server/src/clock/settable-clock.js";
import type { Database } from "../../../server/src/db/client.js";
import { databases, type ProvisionedDatabase } from "../../../server/src/test-support/databases.js";
import { SettledOutbox } from "../support/settled-outbox.js";

// What the API-level Keycloak tests share (lifecycle.test.ts, outage.test.ts): a portal in
// Keycloak mode in this process, sign-ins on Keycloak's login page without a browser, and
// Keycloak's view of a person through its admin API.

import { admin, issuer, redirectUri, supportSecret } from "./keycloak-env.js";

export { admin, issuer, redirectUri, supportSecret };

const oidc = `${issuer}/protocol/openid-connect`;

/** A portal in Keycloak mode on PGlite, its outbox and its clock (moved for the retries). */
export interface KeycloakPortal {
  readonly url: string;
  /** The issuer of its own tokens and Security Event Tokens (PORTAL_PUBLIC_URL). */
  readonly publicUrl: string;
  readonly outbox: SettledOutbox;
  readonly clock: SettableClock;
  /** Its database: what no API route writes (roles) is written here, as an administrator would. */
  readonly database: Database;
  close(): Promise<void>;
}

/** Settings beyond Keycloak mode's own, e.g. `deletionGraceDays` or Shared Signals receivers. */
type PortalSettings = NonNullable<Parameters<typeof startServer>[0]>;

export const startKeycloakPortal = async (
  settings: PortalSettings = {},
): Promise<KeycloakPortal> => {
  const pglite = databases.find((d) => d.name === "pglite");
  if (!pglite) throw new Error("no PGlite test database");
  const provisioned: ProvisionedDatabase = await pglite.provision();
  const clock = settableClock();
  let server: RunningServer;
  try {
    server = await startServer(
      {
        port: 0,
        host: "127.0.0.1",
        logLevel: "silent",
        dataDir: provisioned.dataDir,
        databaseUrl: undefined,
        smtpUrl: undefined,
        companySeedCount: 50,
        oidcIssuer: issuer,
        supportClientSecret: supportSecret,
        ...settings,
      },
      { clock },
    );
  } catch (error) {
    await provisioned.dispose();
    throw error;
  }
  return {
    url: server.url,
    publicUrl: server.config.publicUrl,
    outbox: new SettledOutbox(server.url),
    clock,
    database: server.database,
    close: async () => {
      await server.close();
      await provisioned.dispose();
    },
  };
};

/** A call of the portal's API route table; the answer as it came. */
export const call = (
  portal: Pick<KeycloakPortal, "url">,
  route: ApiCallRoute,
  options: { readonly token?: string; readonly body?: unknown } = {},
): Promise<Response> =>
  fetch(portal.url + apiPath(route), {
    method: route.method,
    headers: {
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });

/** The token of the next unread mail to `to` that carries a link of `kind`. */
export const mailedToken = async (
  outbox: SettledOutbox,
  to: string,
  kind: keyof typeof MAILED_LINKS,
): Promise<string> => {
  const link = await outbox.nextLink(to, routePath(MAILED_LINKS[kind].route));
  const token = link.searchParams.get(MAILED_LINKS[kind].token);
  if (!token) throw new Error(`${kind} link without its token: ${link.href}`);
  return token;
};

/** What a sign-in or a refresh at Keycloak's token endpoint gave. */
export interface Tokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly claims: Readonly<Record<string, unknown>>;
}

const decoded = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"));

const tokensOf = async (answer: Response): Promise<Tokens | undefined> => {
  if (answer.status !== 200) {
    await answer.body?.cancel();
    return undefined;
  }
  const body = (await answer.json()) as { access_token: string; refresh_token: string };
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    claims: decoded(body.access_token),
  };
};

/**
 * A sign-in on Keycloak's own login page as keycloak-js starts it: the authorization
 * endpoint (code flow, PKCE S256), the login form posted with the cookies it set, the
 * code from the redirect exchanged at the token endpoint. Undefined when Keycloak's page
 * came back instead (refused), or the code was not exchanged.
 */
export const signInOnKeycloak = async (
  username: string,
  password: string,
): Promise<Tokens | undefined> => {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const cookies = new Map<string, string>();
  const page = await fetch(
    `${oidc}/auth?${new URLSearchParams({
      client_id: "benutzerverwaltung",
      response_type: "code",
      scope: "openid",
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: randomBytes(8).toString("hex"),
    })}`,
  );
  for (const line of page.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const html = await page.text();
  const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form on Keycloak's page (${page.status})`);
  const posted = await fetch(action.replaceAll("&amp;", "&"), {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ username, password, credentialId: "" }),
  });
  await posted.body?.cancel();
  const location = posted.headers.get("location");
  if (posted.status !== 302 || !location?.startsWith(redirectUri)) return undefined;
  const code = new URL(location).searchParams.get("code");
  if (!code) return undefined;
  return tokensOf(
    await fetch(`${oidc}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        client_id: "benutzerverwaltung",
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    }),
  );
};

/** A refresh as keycloak-js sends it; undefined when Keycloak refuses it. */
export const refreshAtKeycloak = async (refreshToken: string): Promise<Tokens | undefined> =>
  tokensOf(
    await fetch(`${oidc}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: "benutzerverwaltung",
        refresh_token: refreshToken,
      }),
    }),
  );

/** Keycloak's user of a person (found by its `cr_id` attribute, checked exactly). */
export interface KeycloakUser {
  readonly id: string;
  readonly username: string;
  readonly email?: string;
  readonly enabled: boolean;
  readonly attributes?: Readonly<Record<string, ReadonlyArray<string>>>;
}

export const keycloakUserOf = async (personId: string): Promise<KeycloakUser | undefined> => {
  const users = await admin.get<KeycloakUser[]>(
    `/users?${new URLSearchParams({ q: `cr_id:${personId}`, briefRepresentation: "false" })}`,
  );
  return users.find((u) => u.attributes?.cr_id?.includes(personId));
};

/** Keycloak's user with this address, if any. */
export const keycloakUserByEmail = async (email: string): Promise<KeycloakUser | undefined> => {
  const users = await admin.get<KeycloakUser[]>(
    `/users?${new URLSearchParams({ email, exact: "true", briefRepresentation: "false" })}`,
  );
  return users[0];
};

/** A client-credentials token of `portal-support` from Keycloak (the support API's caller). */
export const supportTokenFromKeycloak = async (): Promise<string> => {
  const tokens = await fetch(`${oidc}/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`portal-support:${supportSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });
  if (!tokens.ok) throw new Error(`client credentials: ${tokens.status}`);
  return ((await tokens.json()) as { access_token: string }).access_token;
};

/**
 * Keycloak's password credential of a person: its creation time (ms), or null when the
 * user has none (secured), undefined when there is no user. Asked of the admin API, not
 * the login page: failed sign-ins while a push is on its way count against the realm's
 * brute-force guard (5 failures, or 2 within a second, lock the user for a minute).
 */
export const passwordCreatedAt = async (personId: string): Promise<number | null | undefined> => {
  const user = await keycloakUserOf(personId);
  if (!user) return undefined;
  const credentials = await admin.get<Array<{ type: string; createdDate?: number }>>(
    `/users/${encodeURIComponent(user.id)}/credentials`,
  );
  return credentials.find((c) => c.type === "password")?.createdDate ?? null;
};
