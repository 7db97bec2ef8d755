import type { BrowserContext } from "@playwright/test";

/**
 * The page-ready delay the journeys ask for (ms): the app's flag turns true this long after
 * its last pending component or request instead of the spec's 1.5 s (web's page-ready.ts
 * reads the body's `data-page-ready-delay`; its unit test holds the 1.5 s). Every axe scan
 * and many steps wait for the flag, several hundred times in the suite; the quiet left is
 * still longer than the gap between a finished task and the one it starts (a React commit).
 */
export const E2E_PAGE_READY_DELAY_MS = 250;

/** The delay asked for: `E2E_PAGE_READY_DELAY=1500` gives the spec's, to measure the difference. */
const askedDelay = (): number => {
  const asked = process.env.E2E_PAGE_READY_DELAY;
  return asked && /^\d{1,5}$/.test(asked) ? Number(asked) : E2E_PAGE_READY_DELAY_MS;
};

/**
 * Gives every page of `context` the journeys' page-ready delay: the body is marked as the
 * parser inserts it, before the boot script (a module, run after parsing) reads it.
 */
export const askShortPageReady = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript((delay: number) => {
    const mark = (): boolean => {
      if (!document.body) return false;
      document.body.dataset.pageReadyDelay = String(delay);
      return true;
    };
    if (mark()) return;
    const watch = new MutationObserver(() => {
      if (mark()) watch.disconnect();
    });
    watch.observe(document, { childList: true, subtree: true });
  }, askedDelay());
};
