import { randomBytes } from "node:crypto";
import type { Config, RunningServer } from "@portal/server";
import { startServer } from "@portal/server";
import {
  databases,
  type ProvisionedDatabase,
} from "../../../../server/src/test-support/databases.js";
import {
  type ErrorCodeLedger,
  errorCodeLedger,
} from "../../../../server/src/test-support/error-code-ledger.js";
import { leaseServer } from "../../../../server/src/test-support/shared-servers.js";
import { type TestClock, testClock } from "../../../../server/src/test-support/test-server.js";
import type { Outbox } from "../../support/outbox.js";
import { SettledOutbox } from "../../support/settled-outbox.js";

/** A limiter that never refuses: for suites whose subject is not the rate limits. */
export const unlimited = { consume: async () => ({ allowed: true, retryAfterSeconds: 0 }) };

/** A real portal in this process: API, embedded identity provider, outbox. */
export interface SecurityPortal {
  readonly url: string;
  readonly server: RunningServer;
  readonly clock: TestClock;
  readonly outbox: Outbox;
  readonly supportSecret: string;
  /** Every error answer of a route of the table; `close` fails on an undocumented code. */
  readonly errors: ErrorCodeLedger;
  close(): Promise<void>;
}

export interface SecurityPortalOptions {
  /** "postgres" runs on a fresh database of the local PostgreSQL; default PGlite. */
  readonly database?: "pglite" | "postgres";
  /** Count calls with the real shared limiter (default: no limits). */
  readonly realRateLimits?: boolean;
  readonly config?: Partial<Config>;
}

const target = (name: "pglite" | "postgres") => {
  const found = databases.find((d) => d.name === name);
  if (!found) throw new Error(`no test database ${name}`);
  return found;
};

/**
 * Starts the whole portal with its embedded identity provider (so sign-in over HTTP works)
 * on a fresh database, with a controlled clock the tests can move forward.
 */
export const startSecurityPortal = async (
  options: SecurityPortalOptions = {},
): Promise<SecurityPortal> => {
  const provisioned: ProvisionedDatabase = await target(options.database ?? "pglite").provision();
  const clock = testClock();
  const supportSecret = randomBytes(24).toString("base64url");
  const errors = errorCodeLedger();
  const observe = { onErrorAnswer: errors.observe };
  let server: RunningServer;
  try {
    server = await startServer(
      {
        port: 0,
        host: "127.0.0.1",
        logLevel: "silent",
        databaseUrl: provisioned.databaseUrl,
        dataDir: provisioned.dataDir,
        smtpUrl: undefined,
        companySeedCount: 0,
        supportClientSecret: supportSecret,
        ...options.config,
      },
      options.realRateLimits ? { clock, ...observe } : { clock, limiter: unlimited, ...observe },
    );
  } catch (error) {
    await provisioned.dispose();
    throw error;
  }
  return {
    url: server.url,
    server,
    clock,
    outbox: new SettledOutbox(server.url),
    supportSecret,
    errors,
    close: async () => {
      await server.close();
      await provisioned.dispose();
      errors.assertDocumented();
    },
  };
};

/**
 * The worker's shared portal for `options` (one per database and limiter, started by the
 * first file that asks), its database put back as the portal left it after starting, its
 * clock at the real time and its error ledger empty; a file with a config of its own gets a
 * portal of its own. `close` hands the shared one back (the next file resets it) and fails,
 * as a portal of its own does, when a route answered an undocumented error code.
 *
 * The tests project runs without isolation (tests/vitest.config.ts), so the pool outlives a
 * file: a portal start (provider keys, migrations check, listening) is paid once per worker
 * and kind instead of once per file.
 *
 * @example
 * let portal: SecurityPortal;
 * beforeAll(async () => { portal = await leaseSecurityPortal({ database: "postgres" }); });
 * afterAll(() => portal?.close());
 */
export const leaseSecurityPortal = async (
  options: SecurityPortalOptions = {},
): Promise<SecurityPortal> => {
  if (options.config && Object.keys(options.config).length > 0) {
    return startSecurityPortal(options);
  }
  const database = options.database ?? "pglite";
  const limits = options.realRateLimits ? "limits" : "no-limits";
  const lease = await leaseServer(`security:${database}:${limits}`, () =>
    startSecurityPortal({ database, realRateLimits: options.realRateLimits ?? false }),
  );
  const shared = lease.value;
  shared.clock.set(new Date());
  shared.errors.clear();
  return {
    ...shared,
    // A fresh reader: the mails it has handed out belong to the file before.
    outbox: new SettledOutbox(shared.url),
    close: async () => {
      lease.release();
      shared.errors.assertDocumented();
    },
  };
};
