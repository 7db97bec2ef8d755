import { test as base, expect, type Page } from "@playwright/test";
import type { A11yWatch } from "../e2e/support/axe.js";
import { askShortPageReady } from "../e2e/support/page-ready.js";
import { Outbox } from "../src/support/outbox.js";
import { PORTAL_URL_ENV } from "./global-setup.js";

export interface KeycloakJourneyFixtures {
  /** The portal in Keycloak mode that global-setup.ts started: its origin and app URL. */
  portal: { readonly url: string; readonly appUrl: string };
  /** Mail sent by that portal. */
  outbox: Outbox;
  /**
   * The e2e helpers take an axe watch; these journeys pass one that only waits for the app's
   * page-ready flag (what the helpers rely on before they type) and runs no axe: the
   * portal's own screens are checked by tests/e2e, and Keycloak's pages in the portal's
   * login theme by theme.spec.ts (issue 47 item 4).
   */
  a11y: A11yWatch;
}

export const test = base.extend<KeycloakJourneyFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring.
  portal: async ({}, use) => {
    const url = process.env[PORTAL_URL_ENV];
    if (!url) throw new Error(`${PORTAL_URL_ENV} missing: run through playwright.config.ts`);
    await use({ url, appUrl: `${url}/benutzerverwaltung/` });
  },
  outbox: async ({ portal }, use) => {
    await use(new Outbox(portal.url));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring.
  a11y: async ({}, use) => {
    // Nothing tracks the paths reached here, so there is nothing to exempt them from.
    const untracked = () => undefined;
    await use({
      scan: pageReady,
      exempt: untracked,
      exemptPath: untracked,
    } as unknown as A11yWatch);
  },
  // The app's page-ready flag after a short quiet instead of 1.5 s (e2e/support/page-ready.ts).
  context: async ({ context }, use) => {
    await askShortPageReady(context);
    await use(context);
  },
  baseURL: async ({ portal }, use) => {
    await use(portal.url);
  },
});

/** As the e2e axe watch waits before a scan; Keycloak's pages have no flag. */
const pageReady = async (page: Page): Promise<void> => {
  await page.waitForFunction(
    () => {
      const flag = document.body?.getAttribute("data-page-ready");
      return flag === null || flag === "true";
    },
    null,
    { timeout: 20_000, polling: 50 },
  );
};

export { expect };
