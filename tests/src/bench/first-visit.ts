import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium.js";
import { startPortal } from "../support/portal-server.js";

/** Issue 32: a visitor's first visit of the registration page loads at most this much JS. */
export const FIRST_VISIT_BUDGET_KB = 185;

export interface FirstVisitScript {
  /** The script's path as served (its query left off). */
  readonly script: string;
  /** Its body compressed with gzip -9, in KB (1 000 bytes). */
  readonly kb: number;
}

export interface FirstVisitFigures {
  readonly path: string;
  /** Largest first. */
  readonly scripts: ReadonlyArray<FirstVisitScript>;
  readonly totalKB: number;
  readonly count: number;
  readonly budgetKB: number;
}

const REGISTER = "/benutzerverwaltung/registrieren";

/**
 * A visitor's first visit of /registrieren: a fresh browser context (no cookies, no cache),
 * every script the page fetches until the network is idle and the page says it is ready.
 * Each body is compressed with gzip -9, so the figure does not depend on what the server
 * negotiates (brotli, gzip or none).
 */
export const measureFirstVisit = async (): Promise<FirstVisitFigures> => {
  const portal = await startPortal({ companySeedCount: 1_000 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies: Promise<FirstVisitScript>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const url = new URL(response.url());
      bodies.push(
        response.body().then((body) => ({
          script: url.origin === new URL(portal.url).origin ? url.pathname : url.href,
          kb: gzipSync(body, { level: 9 }).length / 1000,
        })),
      );
    });
    await page.goto(portal.url + REGISTER, { waitUntil: "networkidle" });
    await page.locator("body[data-page-ready=true]").waitFor({ state: "attached" });
    const scripts = (await Promise.all(bodies)).sort((a, b) => b.kb - a.kb);
    await context.close();
    return {
      path: REGISTER,
      scripts,
      totalKB: scripts.reduce((sum, s) => sum + s.kb, 0),
      count: scripts.length,
      budgetKB: FIRST_VISIT_BUDGET_KB,
    };
  } finally {
    await browser.close().catch(() => undefined);
    await portal.stop();
  }
};
