import type { Server, ServerResponse } from "node:http";

/** The answers a server is still writing, so a shutdown can end their connections. */
export interface AnswersInFlight {
  /**
   * From now on each answer still in flight ends its connection: `Connection: close` when
   * its headers are not out yet, else the connection is closed once the answer is.
   */
  closeConnectionsAfterAnswers(): void;
}

/** Where an answer in flight stands in the tracker's slots. */
const SLOT = Symbol("answer slot");

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
  // Slots rather than a Set: a Set that every request enters and leaves rehashes into a new
  // table every few dozen requests, and V8 keeps the old table (long promoted, now dead)
  // pointing at the answers then in flight until the next full collection. Those answers,
  // with their requests, headers and buffers, survived every young collection and were
  // promoted: a quarter of all the bytes the portal allocated under load went to the old
  // generation, which V8 then let grow to four times the live heap (docs/performance.md,
  // "Memory"). A slot is overwritten when its answer ends, so nothing stale points at one.
  const slots: Array<ServerResponse | undefined> = [];
  const free: number[] = [];
  let closing = false;
  // One listener for all answers rather than a new closure per request.
  function forget(this: ServerResponse & { [SLOT]?: number }): void {
    const slot = this[SLOT];
    if (slot === undefined || slots[slot] !== this) return;
    slots[slot] = undefined;
    free.push(slot);
  }
  server.on("request", (_request, response: ServerResponse & { [SLOT]?: number }) => {
    if (closing || response.writableFinished) return;
    const slot = free.pop() ?? slots.length;
    slots[slot] = response;
    response[SLOT] = slot;
    response.once("close", forget);
  });
  return {
    closeConnectionsAfterAnswers: () => {
      closing = true;
      for (const response of slots) {
        if (!response) continue;
        if (!response.headersSent) response.setHeader("connection", "close");
        else response.once("finish", () => server.closeIdleConnections());
      }
      slots.length = 0;
      free.length = 0;
    },
  };
};
