import type { HealthReport } from "@portal/contracts";
import type { FastifyInstance } from "fastify";

/** A node leaving its balancer's rotation before it stops listening. */
export interface Drain {
  /** From now on `/readyz` answers 503 and every answer ends its connection. */
  start(): void;
}

/**
 * Installs the drain of a graceful shutdown on `app` (before it listens). While draining,
 * the node still answers every request, but `/readyz` says 503 so the balancer takes it out
 * of rotation, and each answer carries `Connection: close` so the balancer keeps no idle
 * connection to it. Closing the listener afterwards then meets no connection a balancer
 * might be reusing at that very moment: a request written onto a connection the node is
 * closing gets no answer, and a balancer may not retry a POST it has already sent.
 *
 * @example
 * const drain = installDrain(app, "/readyz", () => report);
 * // on SIGTERM: drain.start(); wait for the balancer; then close.
 */
export const installDrain = (
  app: FastifyInstance,
  readyPath: string,
  drainingReport: () => HealthReport,
): Drain => {
  let draining = false;
  // Callback style: every request passes here, and an async hook costs a promise each.
  app.addHook("onRequest", (request, reply, done) => {
    if (!draining) return done();
    reply.header("connection", "close");
    if (request.url.split("?")[0] !== readyPath) return done();
    // Answered here: Fastify skips the route when a hook sends without calling done.
    reply.code(503).header("cache-control", "no-store").send(drainingReport());
  });
  return {
    start: () => {
      draining = true;
    },
  };
};
