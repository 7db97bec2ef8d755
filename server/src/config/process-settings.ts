import { isIP } from "node:net";
import * as Result from "effect/Result";
import { entriesOf, oneOf, parsed, text, wholeNumber, yesNo } from "./rules.js";
import { setting, type Values } from "./setting.js";

/** Trusted proxies: off, a hop count, or proxy addresses/CIDRs (Fastify's `trustProxy`). */
export type TrustProxy = false | number | ReadonlyArray<string>;

// proxy-addr's names for the loopback, link-local and private ranges.
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};
const MAX_HOPS = 20;

/**
 * TRUST_PROXY: `false`/`no`/`off`/`0` off; a hop count (`1` = one proxy in front, whose added
 * X-Forwarded-For entry is the client); `true` means one hop, never "trust every peer"; or
 * comma-separated proxy addresses/CIDRs (`10.0.0.0/8, 192.168.1.5`, or `loopback`).
 */
const trustProxy = parsed<TrustProxy>(
  `false, a hop count up to ${MAX_HOPS} (true is 1), or comma-separated proxy addresses and CIDR ranges (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5)`,
  (text) => {
    const raw = text.toLowerCase();
    if (raw === "false" || raw === "no" || raw === "off") return Result.succeed(false);
    if (raw === "true" || raw === "yes" || raw === "on") return Result.succeed(1);
    if (/^\d+$/.test(raw)) {
      const hops = Number(raw);
      if (hops > MAX_HOPS) return Result.fail(`at most ${MAX_HOPS} hops`);
      return Result.succeed(hops === 0 ? false : hops);
    }
    return entriesOf(raw, "proxy addresses or CIDR ranges", (entry) =>
      isProxyAddress(entry) ? entry : undefined,
    );
  },
);

/** How the process listens, logs and stops. */
export const processSettings = {
  /** Port to listen on (PORT, default 8080; 0 picks a free port). */
  port: setting(
    "PORT",
    wholeNumber(0, 65_535, "a whole number from 0 (a free port) to 65535"),
    "8080",
  ),
  /** Interface to listen on (HOST, default all). */
  host: setting("HOST", text, "0.0.0.0"),
  /** How much the server logs (LOG_LEVEL, default info). */
  logLevel: setting(
    "LOG_LEVEL",
    oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
    "info",
  ),
  /**
   * Which peers may set X-Forwarded-For/-Proto/-Host (TRUST_PROXY): none (`false`), the
   * nearest `n` hops, or the listed proxy addresses and CIDR ranges. Never every peer: that
   * would let any client choose the address its rate limits are counted under.
   */
  trustProxy: setting("TRUST_PROXY", trustProxy, "false"),
  /**
   * How long a node keeps answering after SIGTERM while its balancer takes it out of rotation
   * (SHUTDOWN_DRAIN_MS, default 0: no balancer): /readyz says 503 meanwhile.
   */
  shutdownDrainMs: setting(
    "SHUTDOWN_DRAIN_MS",
    wholeNumber(0, 120_000, "whole milliseconds from 0 (no balancer to wait for) to 120000"),
    "0",
  ),
  /**
   * TEST_CLOCK=true: the server's clock can be read and moved at `/__test/clock` from this
   * machine, so end-to-end tests move time (code windows, link lifetimes, the fresh sign-in)
   * instead of waiting. Refused unless NODE_ENV=test (below), and with a PUBLIC_URL that is
   * not this machine (http/test-clock-routes.ts): never in production.
   */
  testClock: setting("TEST_CLOCK", yesNo, "false"),
};

export type ProcessSettings = Values<typeof processSettings>;

/** TEST_CLOCK only with NODE_ENV=test: it lets this machine move the server's time. */
export const testClockProblems = (
  testClock: boolean,
  given: string | undefined,
  nodeEnv: string | undefined,
): string[] =>
  testClock && nodeEnv !== "test"
    ? [
        `Invalid TEST_CLOCK=${JSON.stringify(given)}: only with NODE_ENV=test (it lets this machine move the server's time)`,
      ]
    : [];
