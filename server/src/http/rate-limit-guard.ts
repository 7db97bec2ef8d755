import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { clientKey } from "../rate-limit/client-key.js";
import { ApiError } from "./api-error.js";
import type { Limiter } from "./app-deps.js";

/** A budget: at most `limit` calls per `windowSeconds`. */
export interface RateBudget {
  readonly limit: number;
  readonly windowSeconds: number;
}

/**
 * Counts one call against `key` and throws 429 TOO_MANY_REQUESTS with Retry-After when
 * the budget is spent (the error funnel writes the body and the correlation id).
 */
export const enforceRateLimit = async (
  limiter: Limiter,
  key: string,
  budget: RateBudget,
): Promise<void> => {
  const result = await limiter.consume(key, budget.limit, budget.windowSeconds);
  if (!result.allowed) {
    throw new ApiError(429, [{ errorCode: "TOO_MANY_REQUESTS" }], {
      "retry-after": String(Math.max(1, Math.ceil(result.retryAfterSeconds))),
    });
  }
};

/**
 * A Fastify preHandler that limits a route per client (clientKey: an IPv6 client by its
 * /64) (or per the key `keyOf`
 * derives from the request).
 *
 * @example
 * app.post("/api/analytics/events", { preHandler: rateLimitPreHandler(limiter, "analytics", { limit: 120, windowSeconds: 60 }) }, handler);
 */
export const rateLimitPreHandler = (
  limiter: Limiter,
  name: string,
  budget: RateBudget,
  keyOf: (request: FastifyRequest) => string = (request) => clientKey(request.ip),
): preHandlerAsyncHookHandler =>
  async function rateLimited(request) {
    await enforceRateLimit(limiter, `${name}:${keyOf(request)}`, budget);
  };
