import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import * as oidc from "openid-client";
import type { Config } from "../../config.js";
import { newTotpSecret } from "../../credentials/index.js";
import type { Db } from "../../db/client.js";
import { identityArtifacts } from "../../db/schema/identity.js";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { persons } from "../../db/schema/persons.js";
import { type RunningServer, startServer } from "../../index.js";
import { hashPassword } from "../../security/password-hash.js";
import type { ProvisionedDatabase, TestDatabase } from "../../test-support/databases.js";
import { leaseServer } from "../../test-support/shared-servers.js";
import { type TestClock, testClock } from "../../test-support/test-server.js";
import { formAction, TestBrowser } from "./browser.js";

export const PASSWORD = "Sommer-Wiese42";
export const WEB_CLIENT = "benutzerverwaltung";
export const SUPPORT_SECRET = "support-secret-for-tests";

/** A portal whose OIDC_ISSUER is its own embedded provider. */
export interface IdentityServer {
  readonly server: RunningServer;
  readonly db: Db;
  readonly issuer: string;
  readonly redirectUri: string;
  /** The portal's clock (shared with its siblings): tests move it instead of waiting. */
  readonly clock: TestClock;
  /** openid-client's view of the web client (public, PKCE). */
  web(): Promise<oidc.Configuration>;
  /** openid-client's view of the confidential support client. */
  support(): Promise<oidc.Configuration>;
  /**
   * Another portal process on the same database and PUBLIC_URL (a restart when `port` is
   * the first one's after it closed, a second instance behind a load balancer otherwise).
   */
  sibling(port?: number): Promise<RunningServer>;
  /** Stops the first server only (the database stays, for a restart). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

const bootIdentityServer = async (
  target: TestDatabase,
  overrides: Partial<Config>,
): Promise<IdentityServer> => {
  const provisioned: ProvisionedDatabase = await target.provision();
  const settings = {
    host: "127.0.0.1",
    logLevel: "silent" as const,
    databaseUrl: provisioned.databaseUrl,
    dataDir: provisioned.dataDir,
    smtpUrl: undefined,
    supportClientSecret: SUPPORT_SECRET,
    // The company register is not under test here: a tiny seed keeps starts fast.
    companySeedCount: 20,
    ...overrides,
  };
  const clock = testClock();
  const server = await startServer({ ...settings, port: 0 }, { clock });
  let stopped = false;
  const issuer = server.config.oidcIssuer;
  const discover = (clientId: string, auth: oidc.ClientAuth, secret?: string) =>
    oidc.discovery(new URL(issuer), clientId, secret, auth, {
      execute: [oidc.allowInsecureRequests],
    });
  return {
    server,
    db: server.database.db,
    issuer,
    redirectUri: `${server.config.publicUrl}/benutzerverwaltung/konto`,
    clock,
    web: () => discover(WEB_CLIENT, oidc.None()),
    support: () =>
      discover("portal-support", oidc.ClientSecretBasic(SUPPORT_SECRET), SUPPORT_SECRET),
    sibling: (port = 0) =>
      startServer({ ...settings, port, publicUrl: server.config.publicUrl }, { clock }),
    stop: async () => {
      if (!stopped) await server.close();
      stopped = true;
    },
    close: async () => {
      if (!stopped) await server.close();
      await provisioned.dispose();
    },
  };
};

/**
 * A portal on its embedded provider: the worker's shared one on `target` (its database as
 * the server left it after starting) unless `overrides` ask for settings of its own. `close`
 * gives a shared one back; after `stop` (a restart test) it leaves the pool and `close`
 * removes its database.
 */
export const startIdentityServer = async (
  target: TestDatabase,
  overrides: Partial<Config> = {},
): Promise<IdentityServer> => {
  if (Object.keys(overrides).length > 0) return bootIdentityServer(target, overrides);
  const lease = await leaseServer(`identity-server:${target.name}`, () =>
    bootIdentityServer(target, {}),
  );
  const shared = lease.value;
  // A file that moved the clock leaves it moved: each lease starts at the real time.
  shared.clock.set(new Date());
  let stopped = false;
  return {
    ...shared,
    stop: async () => {
      stopped = true;
      lease.retire();
      await shared.stop();
    },
    close: async () => {
      if (stopped) await shared.close();
      else lease.release();
    },
  };
};

export interface PersonOptions {
  readonly factor?: "AUTHENTICATOR_APP" | "EMAIL";
  readonly roles?: string[];
  readonly confirmed?: boolean;
  readonly memberMapping?: string;
  readonly memberNumber?: string;
}

/** A person straight in the database (password {@link PASSWORD}); returns id, e-mail, TOTP secret. */
export const createPerson = async (db: Db, options: PersonOptions = {}) => {
  const email = `p.${randomBytes(4).toString("hex")}@example.org`;
  const [row] = await db
    .insert(persons)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      emailConfirmedAt: options.confirmed === false ? null : new Date(),
      givenName: "Erika",
      surName: "Mustermann",
      roles: options.roles ?? [],
      memberMapping: options.memberMapping ?? null,
      memberNumber: options.memberNumber ?? null,
    })
    .returning({ id: persons.id });
  if (!row) throw new Error("person not created");
  const secret = options.factor === "AUTHENTICATOR_APP" ? newTotpSecret() : null;
  if (options.factor) {
    await db.insert(mfaCredentials).values({ personId: row.id, type: options.factor, secret });
  }
  return { id: row.id, email, secret };
};

/** The tokens of an authorization code: openid-client's own answer, named (see signIn). */
export type Tokens = oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;

/**
 * Redeems the code in `callbackUrl` (the redirect back to the client) for tokens, checking
 * the request's PKCE verifier, state and nonce as the app does.
 */
export const redeem = (
  config: oidc.Configuration,
  callbackUrl: string,
  request: { readonly verifier: string; readonly state: string; readonly nonce: string },
): Promise<Tokens> =>
  oidc.authorizationCodeGrant(config, new URL(callbackUrl), {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
  });

/** Expects the provider to refuse `refreshToken` as a used or revoked one (invalid_grant). */
export const refreshFails = async (
  config: oidc.Configuration,
  refreshToken: string,
): Promise<void> => {
  const error = await oidc.refreshTokenGrant(config, refreshToken).catch((e: unknown) => e);
  if (!(error instanceof oidc.ResponseBodyError) || error.error !== "invalid_grant")
    throw new Error(`expected invalid_grant, got ${String(error)}`);
};

/** An authorization request of the web client with PKCE S256, state and nonce. */
export const authorizationRequest = async (
  config: oidc.Configuration,
  redirectUri: string,
  extra: Record<string, string> = {},
) => {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
};

/** Opens the login page of `url` and submits e-mail and password; returns the next page. */
export const submitPassword = async (
  browser: TestBrowser,
  url: URL | string,
  email: string,
  password: string,
  stopAt: string,
) => {
  const login = await browser.open(url.toString(), stopAt);
  const page = await login.response.text();
  return browser.submit(formAction(page, "kc-form-login"), { username: email, password }, stopAt);
};

/** Signs in with password only and exchanges the code; returns the token response. */
export const signIn = async (
  t: IdentityServer,
  email: string,
  browser = new TestBrowser(t.server.config.publicUrl),
): Promise<{
  // Named: openid-client 6.9's inferred type refers to a symbol it does not export.
  tokens: Tokens;
  browser: TestBrowser;
  config: oidc.Configuration;
}> => {
  const config = await t.web();
  const request = await authorizationRequest(config, t.redirectUri);
  const done = await submitPassword(browser, request.url, email, PASSWORD, t.redirectUri);
  const tokens = await redeem(config, done.url, request);
  return { tokens, browser, config };
};

/**
 * Moves the sign-in of `personId`'s provider sessions `seconds` into the past (an old
 * sign-in, as the app's fresh-sign-in rule and the password-again step see it).
 */
export const ageSession = (db: Db, personId: string, seconds: number) =>
  db
    .update(identityArtifacts)
    .set({
      payload: sql`jsonb_set(${identityArtifacts.payload}, '{loginTs}', to_jsonb(${Math.floor(Date.now() / 1000) - seconds}::bigint))`,
    })
    .where(eq(identityArtifacts.accountId, personId));
