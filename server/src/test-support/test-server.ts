import { SUPPORT_CLIENT_ID } from "@portal/core";
import type { RouteObserver } from "../app.js";
import { type SettableClock, settableClock } from "../clock/settable-clock.js";
import type { Config } from "../config.js";
import { createPortalFactors } from "../credentials/index.js";
import type { Limiter } from "../http/app-deps.js";
import type { SessionRevoker } from "../http/identity-sessions.js";
import { type RunningServer, type ServiceOverrides, startServer } from "../index.js";
import { createKeycloakAdmin, createKeycloakSessionRevoker } from "../provider/index.js";
import type { TestDatabase } from "./databases.js";
import { type ErrorCodeLedger, errorCodeLedger } from "./error-code-ledger.js";
import { startTestIssuer, TEST_SUPPORT_SECRET, type TestIssuer } from "./test-issuer.js";

/** A settable clock for tests of expiry. */
export type TestClock = SettableClock;

/** Starts at the real time; tests move it forward. */
export const testClock = (): TestClock => settableClock();

/**
 * A session revoker that records its calls and passes them on: the test server's passes
 * them to the Keycloak revoker over its test issuer's realm, as a portal with Keycloak does.
 */
export interface RecordingRevoker extends SessionRevoker {
  readonly calls: Array<{ personId: string; exceptSessionId: string | undefined }>;
}

export const recordingRevoker = (next: SessionRevoker): RecordingRevoker => {
  const calls: RecordingRevoker["calls"] = [];
  return {
    calls,
    revokeAllForPerson: async (personId, exceptSessionId) => {
      calls.push({ personId, exceptSessionId });
      await next.revokeAllForPerson(personId, exceptSessionId);
    },
  };
};

/** A portal on an ephemeral port over a fresh database, with a test issuer and clock. */
export interface TestServer {
  readonly server: RunningServer;
  readonly issuer: TestIssuer;
  readonly clock: TestClock;
  readonly sessions: RecordingRevoker;
  /** Every error answer of a route of the table; `close` fails on an undocumented code. */
  readonly errors: ErrorCodeLedger;
  /** fetch against the server: `call("/api/user-management/...", init)`. */
  call(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Options of a test server beyond its config. */
export interface TestServerOptions {
  /**
   * Count calls with the real database rate limiter. Off by default: a test file makes
   * far more calls from 127.0.0.1 than a person may; rate-limit tests switch it on.
   */
  readonly realRateLimits?: boolean;
  /** Sees every route the app registers. */
  readonly onRoute?: RouteObserver;
  /**
   * Where second factors are read from: the portal's tables unless given (the test issuer
   * is Keycloak-shaped, but most tests are about the embedded provider's factors).
   */
  readonly factors?: ServiceOverrides["factors"];
}

const noRateLimits: Limiter = { consume: async () => ({ allowed: true, retryAfterSeconds: 0 }) };

/**
 * Provisions `target`, starts the portal on it (silent logs) and a test issuer.
 *
 * @example
 * let t: TestServer;
 * beforeAll(async () => { t = await startTestServer(target); });
 * afterAll(() => t.close());
 */
export const startTestServer = async (
  target: TestDatabase,
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer> => {
  const provisioned = await target.provision();
  const issuer = await startTestIssuer();
  const clock = testClock();
  const sessions = recordingRevoker(
    createKeycloakSessionRevoker(
      createKeycloakAdmin({
        issuer: issuer.issuer,
        clientId: SUPPORT_CLIENT_ID,
        clientSecret: TEST_SUPPORT_SECRET,
      }),
    ),
  );
  const errors = errorCodeLedger();
  const server = await startServer(
    {
      port: 0,
      host: "127.0.0.1",
      logLevel: "silent",
      databaseUrl: provisioned.databaseUrl,
      dataDir: provisioned.dataDir,
      oidcIssuer: issuer.issuer,
      supportClientSecret: TEST_SUPPORT_SECRET,
      smtpUrl: undefined,
      // An empty company register starts fast; suggestion tests ask for companies.
      companySeedCount: 0,
      // The test issuer answers no user writes; the sync's own tests turn it on.
      keycloakUserSync: false,
      ...overrides,
    },
    {
      clock,
      sessions,
      factors: options.factors ?? ((database) => createPortalFactors(database.db)),
      onErrorAnswer: errors.observe,
      ...(options.realRateLimits ? {} : { limiter: noRateLimits }),
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    },
  );
  return {
    server,
    issuer,
    clock,
    sessions,
    errors,
    call: (path, init) => fetch(`${server.url}${path}`, init),
    close: async () => {
      await server.close();
      await issuer.close();
      await provisioned.dispose();
      // Loud: the afterAll of the suite fails when a route answered an undocumented code.
      errors.assertDocumented();
    },
  };
};
