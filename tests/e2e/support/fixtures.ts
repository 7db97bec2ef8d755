import { test as base, expect } from "@playwright/test";
import { Outbox } from "../../src/support/outbox.js";
import { type Portal, type PortalOptions, startPortal } from "../../src/support/portal-server.js";
import { A11yWatch } from "./axe.js";

/** Starts and stops portals for one worker: one per test file, or one per test. */
class PortalPool {
  #file: string | undefined;
  #current: Promise<Portal> | undefined;

  /** The portal of `file`; the previous file's portal stops first (files run one after another). */
  async forFile(file: string, options: PortalOptions): Promise<Portal> {
    if (this.#file !== file) {
      await this.close();
      this.#file = file;
      this.#current = startPortal(options);
    }
    return this.#current!;
  }

  async close(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    this.#file = undefined;
    if (current) await (await current.catch(() => undefined))?.stop();
  }
}

export interface PortalFixtures {
  /** `"file"` shares one portal across a file's tests; `"test"` starts one per test. */
  portalScope: "file" | "test";
  /** Options of the portal the test gets (set per file with `test.use`). */
  portalOptions: PortalOptions;
  /** The real portal this test runs against. */
  portal: Portal;
  /** Mail sent by that portal. */
  outbox: Outbox;
  /** axe on every page reached; call `a11y.scan(page)` on each screen. */
  a11y: A11yWatch;
}

/**
 * The journeys' test function: a real portal on a free port with its own data, its outbox,
 * axe on every page, and the server's output attached when a test fails.
 */
export const test = base.extend<PortalFixtures, { portalPool: PortalPool }>({
  portalScope: ["file", { option: true }],
  portalOptions: [{ companySeedCount: 2_000 }, { option: true }],
  portalPool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring.
    async ({}, use) => {
      const pool = new PortalPool();
      await use(pool);
      await pool.close();
    },
    { scope: "worker" },
  ],
  // Its own timeout: starting a portal (PGlite's WebAssembly start, migrations, seed) must not
  // eat into the journey's time.
  portal: [
    async ({ portalPool, portalScope, portalOptions }, use, testInfo) => {
      const portal =
        portalScope === "test"
          ? await startPortal(portalOptions)
          : await portalPool.forFile(testInfo.file, portalOptions);
      const logStart = portal.log().length;
      await use(portal);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach("server-output", {
          body: portal.log().slice(logStart),
          contentType: "text/plain",
        });
      }
      if (portalScope === "test") await portal.stop();
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal.url);
  },
  outbox: async ({ portal }, use) => {
    await use(new Outbox(portal.url));
  },
  // Automatic: every test with a page records the paths it reaches and fails when one was
  // never checked with axe.
  a11y: [
    async ({ page }, use, testInfo) => {
      const watch = new A11yWatch();
      watch.watch(page);
      await use(watch);
      // A journey that failed midway never reached its later scans: its own error says why.
      if (testInfo.status !== testInfo.expectedStatus) return;
      const missed = watch.unscanned();
      expect(missed, "pages reached but never checked with axe").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
