import type { Clock } from "@portal/core";
import type { FastifyPluginAsync } from "fastify";
import type { SettableClock } from "./clock/settable-clock.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { TokenVerifier } from "./http/auth.js";
import type { SessionRevoker } from "./identity-sessions.js";
import type { Mailer } from "./mail/mailer.js";

/** Counts attempts per key in a window (the rate-limit module's counters, shared by processes). */
export interface Limiter {
  consume(
    key: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ readonly allowed: boolean; readonly retryAfterSeconds: number }>;
}

/** What every module's plugin gets: built once per process by `startServer`. */
export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  /** Injected so tests control expiry and timestamps. */
  readonly clock: Clock;
  /** The same clock, movable: set only on a TEST_CLOCK server (clock/test-clock-routes.ts). */
  readonly clockControl?: SettableClock | undefined;
  readonly mailer: Mailer;
  /** Bearer-token checks: `auth.requireUser(request)`, `auth.requireSupport(request)`. */
  readonly auth: TokenVerifier;
  readonly sessions: SessionRevoker;
  /** Rate limits of calls that mail someone or test credentials. */
  readonly limiter: Limiter;
}

/** A module's Fastify plugin; `app.ts` registers it with `{ deps }`. */
export type PortalPlugin = FastifyPluginAsync<{ readonly deps: AppDeps }>;
