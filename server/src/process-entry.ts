import { ConfigError } from "./config.js";
import type { RunningServer } from "./index.js";

// What `main.ts` does with the process, apart from the process itself: start, then stop
// gracefully on SIGTERM/SIGINT. The process is a parameter, so a test drives the same steps
// in its own process (a signal is an event, the exit a call) instead of waiting for a
// second Node.js process to compile and start.

/** The parts of `process` the entry uses. */
export interface ProcessHost {
  onSignal(signal: "SIGTERM" | "SIGINT", listener: () => void): void;
  exit(code: number): void;
  info(line: string): void;
  error(problem: unknown): void;
  /** Resolves after `ms` (the drain after SIGTERM; a test decides when it is over). */
  wait(ms: number): Promise<void>;
}

/**
 * Starts the server with `start`; on the first SIGTERM drains for SHUTDOWN_DRAIN_MS (still
 * answering, /readyz 503, so the balancer takes the node out of rotation first), then on
 * SIGTERM and SIGINT alike lets the requests in flight finish, closes the database and exits
 * 0. A failed start exits 1 (a bad environment as a line per bad value, not a stack).
 *
 * @example
 * void runProcess(() => startServer(), nodeProcess);
 */
export const runProcess = async (
  start: () => Promise<RunningServer>,
  host: ProcessHost,
): Promise<void> => {
  let server: RunningServer;
  try {
    server = await start();
  } catch (error) {
    host.error(error instanceof ConfigError ? error.message : error);
    host.exit(1);
    return;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const closeNow = () => {
      host.info(`${signal}: finishing in-flight requests, then closing the database`);
      server.close().then(
        () => {
          host.info(`${signal}: in-flight requests answered, database closed`);
          host.exit(0);
        },
        (error: unknown) => {
          host.error(error);
          host.exit(1);
        },
      );
    };
    // SIGINT is a person at a terminal: no balancer to wait for.
    const drainMs = signal === "SIGTERM" ? server.config.shutdownDrainMs : 0;
    if (drainMs === 0) return closeNow();
    server.drain();
    host.info(`${signal}: draining for ${drainMs} ms (/readyz answers 503)`);
    void host.wait(drainMs).then(closeNow);
  };
  host.onSignal("SIGTERM", () => stop("SIGTERM"));
  host.onSignal("SIGINT", () => stop("SIGINT"));
};
