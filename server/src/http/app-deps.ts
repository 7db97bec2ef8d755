import type { Clock } from "@portal/core";
import type { FastifyPluginAsync } from "fastify";
import type { SettableClock } from "../clock/settable-clock.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Mailer } from "../mail/mailer.js";
import type { Limiter } from "../rate-limit/limiter.js";
import type { TokenVerifier } from "./auth.js";
import type { SessionRevoker } from "./identity-sessions.js";
import type { PersonFactors } from "./person-factors.js";

/** What every module's plugin gets: built once per process by `startServer`. */
export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  /** Injected so tests control expiry and timestamps. */
  readonly clock: Clock;
  /** The same clock, movable: set only on a TEST_CLOCK server (http/test-clock-routes.ts). */
  readonly clockControl?: SettableClock | undefined;
  readonly mailer: Mailer;
  /** Bearer-token checks: `auth.requireUser(request)`, `auth.requireSupport(request)`. */
  readonly auth: TokenVerifier;
  readonly sessions: SessionRevoker;
  /** The person's second factors as the security page lists them (portal tables or Keycloak). */
  readonly factors: PersonFactors;
  /** Rate limits of calls that mail someone or test credentials. */
  readonly limiter: Limiter;
}

/** A module's Fastify plugin; `app.ts` registers it with `{ deps }`. */
export type PortalPlugin = FastifyPluginAsync<{ readonly deps: AppDeps }>;

export type { Limiter };
