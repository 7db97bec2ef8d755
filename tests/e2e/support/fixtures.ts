import { test as base, expect } from "@playwright/test";
import { Outbox } from "../../src/support/outbox.js";
import type { Portal, PortalOptions } from "../../src/support/portal-server.js";
import { A11yWatch } from "./axe.js";
import { ClientAddresses, fetchAsClient } from "./client-address.js";
import { askShortPageReady } from "./page-ready.js";
import { DEFAULT_PORTAL_OPTIONS, PortalPool } from "./portal-pool.js";
import { CheckedScreens } from "./screens.js";

export interface PortalFixtures {
  /**
   * Options of the portal the test gets (set per file with `test.use`). The default ones
   * share the worker's portal; other options get a portal of the file's own.
   */
  portalOptions: PortalOptions;
  /**
   * The address the portal counts this test's requests under (X-Forwarded-For through the
   * portal's TRUST_PROXY=loopback, as behind a proxy in production): each test is another
   * client, so the per-client budgets (20 registrations an hour...) of one shared portal
   * are not spent by the files before it. `null`: the plain loopback peer (the outbox
   * answers only that one).
   */
  clientAddress: string | null;
  /** The real portal this test runs against. */
  portal: Portal;
  /** Mail sent by that portal. */
  outbox: Outbox;
  /** axe on every page reached; call `a11y.scan(page)` on each screen. */
  a11y: A11yWatch;
}

interface WorkerFixtures {
  portalPool: PortalPool;
  clientAddresses: ClientAddresses;
  /** The screens axe has passed in this run, in any worker (each is checked once). */
  checkedScreens: CheckedScreens;
}

/**
 * The journeys' test function: a real portal on a free port with its own data (one per
 * worker, shared by the files it runs), its outbox, axe on every page, and the server's
 * output attached when a test fails. Tests keep apart by what they create: fresh addresses
 * (accounts.ts) and their own client address.
 */
export const test = base.extend<PortalFixtures, WorkerFixtures>({
  portalOptions: [DEFAULT_PORTAL_OPTIONS, { option: true }],
  portalPool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring.
    async ({}, use) => {
      const pool = new PortalPool();
      await use(pool);
      await pool.close();
    },
    { scope: "worker" },
  ],
  clientAddresses: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring.
    async ({}, use, workerInfo) => {
      await use(new ClientAddresses(workerInfo.parallelIndex));
    },
    { scope: "worker" },
  ],
  checkedScreens: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring.
    async ({}, use) => {
      await use(new CheckedScreens());
    },
    { scope: "worker" },
  ],
  clientAddress: [
    async ({ clientAddresses }, use) => {
      await use(clientAddresses.next());
    },
    { option: true },
  ],
  // Its own timeout: starting a portal (PGlite's WebAssembly start, migrations, seed) must not
  // eat into the journey's time. Only the worker's first test (or a file with options of
  // its own) waits for a start.
  portal: [
    async ({ portalPool, portalOptions, clientAddress }, use, testInfo) => {
      const portal = await portalPool.forFile(testInfo.file, portalOptions);
      const logStart = portal.log().length;
      // Requests the test itself sends (API set-up, support API) come from the same client
      // as its browser's; the outbox, read by the test as a developer on this machine, not.
      const restore = clientAddress ? fetchAsClient(portal.url, clientAddress) : () => undefined;
      try {
        await use(portal);
      } finally {
        restore();
      }
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach("server-output", {
          body: portal.log().slice(logStart),
          contentType: "text/plain",
        });
      }
    },
    { timeout: 150_000 },
  ],
  // The app's page-ready flag after a short quiet instead of 1.5 s (support/page-ready.ts).
  context: async ({ context }, use) => {
    await askShortPageReady(context);
    await use(context);
  },
  baseURL: async ({ portal }, use) => {
    await use(portal.url);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use(
      clientAddress ? { ...extraHTTPHeaders, "x-forwarded-for": clientAddress } : extraHTTPHeaders,
    );
  },
  outbox: async ({ portal }, use) => {
    await use(new Outbox(portal.url));
  },
  // Automatic: every test with a page records the paths it reaches and fails when one was
  // never checked with axe.
  a11y: [
    async ({ page, checkedScreens }, use, testInfo) => {
      const watch = new A11yWatch(checkedScreens);
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
