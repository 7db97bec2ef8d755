import type { Server, ServerResponse } from "node:http";

/** The answers a server is still writing, so a shutdown can end their connections. */
export interface AnswersInFlight {
  /**
   * From now on each answer still in flight ends its connection: `Connection: close` when
   * its headers are not out yet, else the connection is closed once the answer is.
   */
  closeConnectionsAfterAnswers(): void;
}

/**
 * Tracks the answers of `server`. `server.close()` ends idle keep-alive connections only
 * once, when it is called: a request in flight at that moment leaves its connection open
 * and idle after the answer, and close() would wait the whole keepAliveTimeout (72 s, plus
 * Node's second) for it. Requests arriving while closing need nothing: Fastify answers them
 * 503 with `Connection: close`.
 *
 * @example
 * const answers = trackAnswersInFlight(app.server);
 * // on SIGTERM:
 * answers.closeConnectionsAfterAnswers();
 * await app.close();
 */
export const trackAnswersInFlight = (server: Server): AnswersInFlight => {
  const open = new Set<ServerResponse>();
  let closing = false;
  // One listener for all answers rather than a new closure per request.
  function forget(this: ServerResponse): void {
    open.delete(this);
  }
  server.on("request", (_request, response: ServerResponse) => {
    if (closing || response.writableFinished) return;
    open.add(response);
    response.once("close", forget);
  });
  return {
    closeConnectionsAfterAnswers: () => {
      closing = true;
      for (const response of open) {
        if (!response.headersSent) response.setHeader("connection", "close");
        else response.once("finish", () => server.closeIdleConnections());
      }
      open.clear();
    },
  };
};
