import { basename } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { type Portal, type PortalOptions, startPortal } from "../../src/support/portal-server.js";

/** What a journey's portal runs with unless its file asks for more (`test.use`). */
export const DEFAULT_PORTAL_OPTIONS: PortalOptions = { companySeedCount: 2_000 };

/**
 * The client addresses a test may send as X-Forwarded-For come from loopback only: the
 * test runner is the proxy. Every portal of the journeys runs with it.
 */
const withTrustedRunner = (options: PortalOptions): PortalOptions => ({
  ...options,
  env: { TRUST_PROXY: "loopback", ...options.env },
});

/** Starts a portal and says how long it took (the suite's set-up time, beside its tests'). */
const start = async (options: PortalOptions, purpose: string): Promise<Portal> => {
  const started = performance.now();
  const portal = await startPortal(withTrustedRunner(options));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`e2e: portal for ${purpose} ready in ${seconds} s`);
  return portal;
};

/**
 * The portals of one Playwright worker. Files with the default options share one portal
 * for the worker's whole life (a start is 5 to 13 s of PGlite, migrations and seed); a file
 * with options of its own (another database, environment, web folder) gets a portal that
 * stops when the worker moves on to the next file.
 */
export class PortalPool {
  #shared: Promise<Portal> | undefined;
  #own: { file: string; portal: Promise<Portal> } | undefined;

  async forFile(file: string, options: PortalOptions): Promise<Portal> {
    if (this.#own && this.#own.file !== file) await this.#stopOwn();
    if (isDeepStrictEqual(options, DEFAULT_PORTAL_OPTIONS)) {
      this.#shared ??= start(options, "this worker");
      return this.#shared;
    }
    this.#own ??= { file, portal: start(options, basename(file)) };
    return this.#own.portal;
  }

  async close(): Promise<void> {
    await this.#stopOwn();
    const shared = this.#shared;
    this.#shared = undefined;
    await stopStarted(shared);
  }

  async #stopOwn(): Promise<void> {
    const own = this.#own;
    this.#own = undefined;
    await stopStarted(own?.portal);
  }
}

/** Stops a portal whose start may have failed (then there is nothing to stop). */
const stopStarted = async (portal: Promise<Portal> | undefined): Promise<void> => {
  if (portal) await (await portal.catch(() => undefined))?.stop();
};
