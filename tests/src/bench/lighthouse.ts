import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { freshAccount, registerConfirmedAccount } from "../support/accounts-api.js";
import { Outbox } from "../support/outbox.js";
import { freePort, startPortal } from "../support/portal-server.js";
import { median } from "./stats.js";

export interface LighthouseFigures {
  readonly route: string;
  readonly score: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
}

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/**
 * Lighthouse 12 with its mobile defaults (simulated throttling) on Debian Chromium, `runs`
 * times per route, medians: `/registrieren` signed out and `/konto` signed in. Chromium is
 * launched by Playwright with a debugging port that Lighthouse drives; `/konto` keeps the
 * provider's session cookie (storage is not reset), so it measures a returning user.
 */
export const measureLighthouse = async (runs: number): Promise<LighthouseFigures[]> => {
  const portal = await startPortal({ companySeedCount: 1_000 });
  const profile = await mkdtemp(join(tmpdir(), "portal-lh-"));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const account = freshAccount("bench-lh");
    await registerConfirmedAccount(portal.url, new Outbox(portal.url), account);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${portal.url}/benutzerverwaltung/konto`);
    await page.locator('#kc-form-login [name="username"]').fill(account.email);
    await page.locator('#kc-form-login [name="password"]').fill(account.password);
    await page.locator("#kc-login").click();
    await page.waitForURL((u) => u.pathname === "/benutzerverwaltung/konto");

    const results: LighthouseFigures[] = [];
    for (const [route, signedIn] of [
      ["/benutzerverwaltung/registrieren", false],
      ["/benutzerverwaltung/konto", true],
    ] as const) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const r = await lighthouse(portal.url + route, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          disableStorageReset: signedIn,
        });
        const lhr = r?.lhr;
        if (!lhr) throw new Error(`lighthouse gave no result for ${route}`);
        if (lhr.runtimeError) throw new Error(`lighthouse ${route}: ${lhr.runtimeError.message}`);
        samples.push({
          score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          finalUrl: lhr.finalDisplayedUrl,
        });
      }
      const landed = samples.map((s) => new URL(s.finalUrl).pathname);
      if (landed.some((p) => p !== route)) {
        throw new Error(`lighthouse on ${route} ended at ${landed.join(", ")} (not signed in?)`);
      }
      results.push({
        route,
        score: median(samples.map((s) => s.score)),
        lcpMs: median(samples.map((s) => s.lcp)),
        tbtMs: median(samples.map((s) => s.tbt)),
        cls: median(samples.map((s) => s.cls)),
      });
    }
    return results;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await portal.stop();
  }
};
