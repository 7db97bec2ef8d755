import type { DataRouter } from "react-router-dom";

/**
 * Resolves once a data router has loaded what its first location needs (the matched
 * routes' `lazy` modules): rendering it before would show no page for a moment, and
 * under a prerendered frame hydrate an empty outlet against the frame's page.
 */
export const routerReady = (router: Pick<DataRouter, "state" | "subscribe">): Promise<void> =>
  router.state.initialized
    ? Promise.resolve()
    : new Promise((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
