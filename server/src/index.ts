import { type Clock, SUPPORT_CLIENT_ID, systemClock } from "@portal/core";
import type { FastifyBaseLogger } from "fastify";
import { buildApp, type RouteObserver } from "./app.js";
import { settableClock } from "./clock/settable-clock.js";
import { seedCompanies } from "./companies/seed.js";
import { type Config, ConfigError, EXTERNAL_ISSUER_NEEDS_SECRET, loadConfig } from "./config.js";
import { createPortalFactors } from "./credentials/index.js";
import { type Database, openDatabase } from "./db/client.js";
import { migrationsFolder } from "./db/migrations-folder.js";
import { installTemplate } from "./db/pglite-template/install.js";
import { trackAnswersInFlight } from "./http/answers-in-flight.js";
import type { AppDeps, Limiter } from "./http/app-deps.js";
import { createTokenVerifier } from "./http/auth.js";
import { installDrain } from "./http/drain.js";
import type { ErrorAnswerObserver } from "./http/error-code-check.js";
import { freePort } from "./http/free-port.js";
import type { SessionRevoker } from "./http/identity-sessions.js";
import type { PersonFactors } from "./http/person-factors.js";
import { assertTestClockLocal } from "./http/test-clock-routes.js";
import { createLogger } from "./logger.js";
import { createMailer } from "./mail/mailer.js";
import { assertOutboxNotExposed } from "./mail/outbox-exposure.js";
import {
  createKeycloakAdmin,
  createKeycloakFactors,
  createKeycloakSessionRevoker,
  createSessionRevoker,
  createSessionStatus,
  isEmbeddedIssuer,
} from "./provider/index.js";
import { createRateLimiter } from "./rate-limit/rate-limiter.js";
import { installKeyedHashSecret, loadKeyedHashSecret } from "./security/keyed-hash.js";
import { sealLegacyTotpSecrets } from "./security/sealed-secret.js";
import { signallingSessions } from "./ssf/session-signals.js";

export { type Config, ConfigError, loadConfig } from "./config.js";
export type { AppDeps, PortalPlugin } from "./http/app-deps.js";
export type { ErrorAnswer, ErrorAnswerObserver } from "./http/error-code-check.js";
export { MAIL_THEME } from "./mail/mail-theme.js";

/** A running portal server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:53121`. */
  readonly url: string;
  readonly port: number;
  readonly config: Config;
  /** The open database (tests and tools seed or inspect through it). */
  readonly database: Database;
  /**
   * Starts the drain of a graceful shutdown (http/drain.ts): `/readyz` answers 503 and every
   * answer closes its connection, while requests are still served. Call close() after it.
   */
  drain(): void;
  /** Stops accepting requests, lets in-flight ones finish, then closes the database. */
  close(): Promise<void>;
}

/** Parts a test may replace (a controlled clock, a recording session revoker). */
export type ServiceOverrides = Partial<Pick<AppDeps, "clock" | "sessions" | "limiter">> & {
  /**
   * Where second factors are read from, given the open database (the test server reads the
   * portal's tables behind its Keycloak-shaped test issuer; a test of Keycloak mode passes
   * the Keycloak adapter over a fake).
   */
  readonly factors?: (database: Database) => PersonFactors;
  /** Sees every route the app registers (the OpenAPI test compares them with the document). */
  readonly onRoute?: RouteObserver;
  /** Sees every error answer of a route of the table (tests check its codes are documented). */
  readonly onErrorAnswer?: ErrorAnswerObserver;
};

/**
 * Who ends a person's sign-ins: the embedded provider in its own store, or Keycloak through
 * its admin API as `portal-support` (config.ts requires SUPPORT_CLIENT_SECRET then).
 */
const sessionRevoker = (config: Config, database: Database): SessionRevoker => {
  if (isEmbeddedIssuer(config)) return createSessionRevoker(database.db);
  if (!config.supportClientSecret) throw new ConfigError(EXTERNAL_ISSUER_NEEDS_SECRET);
  return createKeycloakSessionRevoker(
    createKeycloakAdmin({
      issuer: config.oidcIssuer,
      clientId: SUPPORT_CLIENT_ID,
      clientSecret: config.supportClientSecret,
    }),
  );
};

/**
 * Where second factors are read from: the portal's tables for the embedded provider,
 * Keycloak's credentials of the person's user in Keycloak mode (the same admin client
 * settings as the session revoker's).
 */
const personFactors = (config: Config, database: Database): PersonFactors => {
  if (isEmbeddedIssuer(config)) return createPortalFactors(database.db);
  if (!config.supportClientSecret) throw new ConfigError(EXTERNAL_ISSUER_NEEDS_SECRET);
  return createKeycloakFactors(
    createKeycloakAdmin({
      issuer: config.oidcIssuer,
      clientId: SUPPORT_CLIENT_ID,
      clientSecret: config.supportClientSecret,
    }),
  );
};

/**
 * Rate-limit counters shared by every process: Redis when REDIS_URL is set, else the
 * database. ioredis is loaded only then (about 2 MB of heap the embedded default never needs).
 */
const sharedLimiter = async (
  config: Config,
  database: Database,
  clock: Clock,
): Promise<Limiter & { close?: () => Promise<void> }> =>
  config.redisUrl
    ? (await import("./rate-limit/redis-rate-limiter.js")).createRedisRateLimiter(
        config.redisUrl,
        undefined,
        clock,
      )
    : createRateLimiter(database.db, clock);

/**
 * The embedded provider's key set over loopback: the process asks itself directly, so a
 * proxy or DNS name in front of PUBLIC_URL is never in the way of verifying tokens.
 */
const loopbackJwksUrl = (config: Config): string => {
  const wildcard = ["0.0.0.0", "::", "", "localhost"].includes(config.host);
  const host = wildcard
    ? "127.0.0.1"
    : config.host.includes(":")
      ? `[${config.host}]`
      : config.host;
  const path = new URL(config.oidcIssuer).pathname.replace(/\/+$/, "");
  return `http://${host}:${config.port}${path}/protocol/openid-connect/certs`;
};

/**
 * A first start on PGlite unpacks the prebuilt, migrated and seeded data folder into
 * DATA_DIR (see server/README.md); without one (running from source, before a build) PGlite
 * runs initdb as before. Migrations newer than the template are applied right after.
 */
const firstStartFromTemplate = async (config: Config, log: FastifyBaseLogger): Promise<void> => {
  const outcome = await installTemplate(config.dataDir, {
    dir: config.pgliteTemplateDir,
    companies: config.companySeedCount,
    migrationsFolder: migrationsFolder(),
  });
  if ("installed" in outcome) {
    log.info(
      { companies: outcome.installed.companies, migrations: outcome.manifest.migrations.length },
      "database created from the prebuilt template",
    );
  } else if ("skipped" in outcome) {
    log.info({ reason: outcome.skipped }, "first start without a template: PGlite runs initdb");
  }
};

/**
 * The config of a server started with `overrides`: the environment, with PORT and
 * PUBLIC_URL (and everything derived from them) following an overridden port.
 */
const resolveConfig = async (overrides: Partial<Config>): Promise<Config> => {
  const env: Record<string, string | undefined> = { ...process.env };
  let port = overrides.port;
  // Port 0 picks a free port up front, so PUBLIC_URL (mail links, issuer) is known.
  if (port === 0) port = await freePort();
  if (port !== undefined) {
    env.PORT = String(port);
    env.PUBLIC_URL = overrides.publicUrl ?? `http://127.0.0.1:${port}`;
  }
  if (overrides.publicUrl) env.PUBLIC_URL = overrides.publicUrl;
  const config = loadConfig(env);
  return { ...config, ...overrides, port: config.port };
};

/**
 * Starts the whole portal (API, outbox, and every module registered in `app.ts`).
 * Port 0 picks a free port; used by `main.ts`, integration tests, the CLI and e2e tests.
 *
 * @example
 * const server = await startServer({ port: 0, dataDir: tmp });
 * await fetch(`${server.url}/api/user-management/web-targets/MC`);
 * await server.close();
 */
export const startServer = async (
  overrides: Partial<Config> = {},
  services: ServiceOverrides = {},
): Promise<RunningServer> => {
  const config = await resolveConfig(overrides);
  // Before anything is opened: a public server without SMTP must not start by mistake.
  assertOutboxNotExposed(config);
  assertTestClockLocal(config);
  const log = createLogger(config);
  if (!config.databaseUrl) await firstStartFromTemplate(config, log);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => log.warn({ err: error }, "idle database connection failed"),
  });
  let limiter: (Limiter & { close?: () => Promise<void> }) | undefined;
  try {
    await database.migrate();
    installKeyedHashSecret(await loadKeyedHashSecret(database.db, config));
    const sealed = await sealLegacyTotpSecrets(database.db);
    if (sealed > 0) log.info({ sealed }, "authenticator-app keys sealed at rest");
    // Before the app: seeding 50 000 companies can outlast Fastify's plugin timeout.
    const seeded = await seedCompanies(database.db, config.companySeedCount);
    if (seeded > 0) log.info({ companies: seeded }, "company register seeded");
    // TEST_CLOCK (tests only, see http/test-clock-routes.ts): a clock the tests can move.
    const clockControl = config.testClock && !services.clock ? settableClock() : undefined;
    const clock = services.clock ?? clockControl ?? systemClock;
    limiter = services.limiter ?? (await sharedLimiter(config, database, clock));
    const deps: AppDeps = {
      config,
      database,
      clock,
      clockControl,
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        brand: {
          associationName: config.associationName,
          homepageUrl: config.homepageUrl,
          legalNoticeUrl: config.legalNoticeUrl,
          support: config.supportContact,
        },
        db: database.db,
        log,
        now: () => clock.now(),
      }),
      auth: createTokenVerifier({
        issuer: config.oidcIssuer,
        userClients: [config.oidcClientId],
        supportClients: [config.oidcClientId, SUPPORT_CLIENT_ID],
        jwksUrl: isEmbeddedIssuer(config) ? loopbackJwksUrl(config) : undefined,
        sessionsNow: () => clock.now().getTime(),
        sessions: isEmbeddedIssuer(config)
          ? createSessionStatus(database.db, () => clock.now().getTime())
          : undefined,
      }),
      // Every end of a person's sessions is reported to the Shared Signals receivers.
      sessions: signallingSessions(
        services.sessions ?? sessionRevoker(config, database),
        database.db,
        log,
      ),
      factors: services.factors?.(database) ?? personFactors(config, database),
      limiter,
    };
    const app = await buildApp(deps, log, services.onRoute, services.onErrorAnswer);
    const answers = trackAnswersInFlight(app.server);
    // The migrations were applied above; only the shutdown makes this node unready.
    const drain = installDrain(app, "/readyz", () => ({
      status: "unavailable",
      database: database.kind,
      migrations: true,
      issuer: config.oidcIssuer,
    }));
    await app.listen({ port: config.port, host: config.host });
    const url = `http://127.0.0.1:${config.port}`;
    log.info({ url: config.publicUrl, database: database.kind }, "portal started");
    return {
      url,
      port: config.port,
      config,
      database,
      drain: () => drain.start(),
      close: async () => {
        // Else a keep-alive connection of a request in flight holds close() for 72 s.
        answers.closeConnectionsAfterAnswers();
        await app.close();
        await limiter?.close?.();
        await database.close();
      },
    };
  } catch (error) {
    await limiter?.close?.();
    await database.close();
    throw error;
  }
};
