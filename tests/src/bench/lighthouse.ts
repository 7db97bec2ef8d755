import { createRequire } from "node:module";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { freshAccount, registerConfirmedAccount } from "../support/accounts-api.js";
import { Outbox } from "../support/outbox.js";
import { startPortal } from "../support/portal-server.js";
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
 * launched by chrome-launcher; Playwright signs in over CDP; `/konto` keeps the
 * provider's session cookie (storage is not reset), so it measures a returning user.
 */
// chrome-launcher is Lighthouse's own launcher (a dependency of lighthouse, not of the tests).
const launcher = createRequire(createRequire(import.meta.url).resolve("lighthouse/package.json"))(
  "chrome-launcher",
) as {
  launch(o: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};

export const measureLighthouse = async (runs: number): Promise<LighthouseFigures[]> => {
  const portal = await startPortal({ companySeedCount: 1_000 });
  // Chrome as Lighthouse expects it (a foreground tab per run); Playwright attaches over CDP
  // only to sign in, so the provider's session cookie lives in the same profile.
  const chrome = await launcher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
  });
  const port = chrome.port;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
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
    await browser.close().catch(() => undefined);
    chrome.kill();
    await portal.stop();
  }
};
