import type { FastifyInstance } from "fastify";
import type { SettableClock } from "../clock/settable-clock.js";
import { type Config, ConfigError } from "../config.js";
import { isLoopbackAddress, isLoopbackHost } from "../mail/outbox-exposure.js";
import type { PortalPlugin } from "./app-deps.js";

/** Where a TEST_CLOCK server shows and moves its clock. */
export const TEST_CLOCK_PATH = "/__test/clock";

/** What the clock route answers: the server's time now. */
export interface TestClockAnswer {
  /** ISO 8601. */
  readonly now: string;
  /** Milliseconds since the epoch (what a TOTP generator takes). */
  readonly nowMs: number;
}

/** What a POST may ask: move forward (or back) by milliseconds, or run from a date on. */
interface TestClockMove {
  readonly advanceMs?: unknown;
  readonly set?: unknown;
}

/**
 * Refuses to start a TEST_CLOCK server whose PUBLIC_URL is not this machine: a clock anyone
 * could move would lengthen every link and code. (loadConfig already refuses it without
 * NODE_ENV=test.) Throws a {@link ConfigError}: `main.ts` prints its one line and exits 1.
 */
export const assertTestClockLocal = (config: Pick<Config, "testClock" | "publicUrl">): void => {
  if (config.testClock && !isLoopbackHost(new URL(config.publicUrl).hostname)) {
    throw new ConfigError(
      `Invalid TEST_CLOCK: only with a PUBLIC_URL on this machine (PUBLIC_URL=${config.publicUrl})`,
    );
  }
};

// A year either way is far more than any lifetime in the portal; a larger move is a mistake.
const MAX_MOVE_MS = 366 * 24 * 3_600_000;

const answer = (clock: SettableClock): TestClockAnswer => {
  const now = clock.now();
  return { now: now.toISOString(), nowMs: now.getTime() };
};

const refuse = (message: string) => ({ statusCode: 400, error: message });

/** The routes, on `app`, for `clock`; only peers on this machine are answered. */
const registerClockRoutes = (app: FastifyInstance, clock: SettableClock): void => {
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith(TEST_CLOCK_PATH)) return;
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      return reply.code(403).send(refuse("the test clock answers only on this machine"));
    }
  });
  app.get(TEST_CLOCK_PATH, async (_request, reply) =>
    reply.header("cache-control", "no-store").send(answer(clock)),
  );
  app.post(TEST_CLOCK_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as TestClockMove;
    if (body.advanceMs !== undefined) {
      const ms = body.advanceMs;
      if (typeof ms !== "number" || !Number.isInteger(ms) || Math.abs(ms) > MAX_MOVE_MS) {
        return reply
          .code(400)
          .send(
            refuse(`advanceMs: expected whole milliseconds, at most ${MAX_MOVE_MS} either way`),
          );
      }
      clock.advance(ms);
    } else if (body.set !== undefined) {
      const date = typeof body.set === "string" ? new Date(body.set) : new Date(Number.NaN);
      if (Number.isNaN(date.getTime())) {
        return reply.code(400).send(refuse("set: expected an ISO 8601 date"));
      }
      clock.set(date);
    } else {
      return reply.code(400).send(refuse('expected {"advanceMs": n} or {"set": "ISO date"}'));
    }
    return reply.header("cache-control", "no-store").send(answer(clock));
  });
};

/**
 * The test clock's routes when TEST_CLOCK is on (deps.clockControl is then the server's
 * clock): `GET /__test/clock` answers `{ now, nowMs }`; `POST` with `{ "advanceMs": 30000 }`
 * or `{ "set": "2026-01-01T00:00:00Z" }` moves it and answers the new time. Registers
 * nothing otherwise.
 *
 * What moves: everything the portal dates by its clock (links, e-mail codes and their
 * cooldown, authenticator-app time steps, the 5-minute fresh sign-in, rate-limit windows,
 * stored sessions and tokens, the retention purge). What does not: the embedded provider
 * stamps its tokens (iat, exp, auth_time) by the process time, and access tokens are checked
 * for expiry by it.
 */
export const testClockPlugin: PortalPlugin = async (app, { deps }) => {
  if (!deps.clockControl) return;
  registerClockRoutes(app, deps.clockControl);
};
