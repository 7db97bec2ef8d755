import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { freshAccount, registerConfirmedAccount } from "../support/accounts-api.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium.js";
import { Outbox } from "../support/outbox.js";
import { startPortal } from "../support/portal-server.js";
import { startScriptlessProxy } from "./scriptless-proxy.js";
import { median } from "./stats.js";

export interface LighthouseFigures {
  readonly route: string;
  readonly score: number;
  /** The accessibility category's score (0 to 100). */
  readonly a11y: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /**
   * Max potential first input delay: a navigation has no interaction, so INP (which needs
   * one) is not measured there; this is the longest main-thread task after the first
   * contentful paint, the delay an early tap could meet.
   */
  readonly maxFidMs: number;
  /** Bytes over the wire (as served: brotli or gzip), all requests and scripts alone. */
  readonly totalKB: number;
  readonly scriptKB: number;
  readonly scripts: number;
  /** What Lighthouse named as the largest contentful paint (a selector and its text), per run. */
  readonly lcpElements: ReadonlyArray<string>;
  /**
   * The route's aim: prerendered public pages paint from the HTML, the others after the app.
   * None for the frame without scripts: it is the machine's ceiling, not the app.
   */
  readonly aim: { readonly score: number; readonly lcpMs: number } | null;
}

/** A page whose HTML carries it (a prerendered frame): score 100, LCP within 1 s. */
const FRAME_AIM = { score: 100, lcpMs: 1000 };
/** A page the app draws (signed in: it needs the person, or the account layout). */
const APP_AIM = { score: 95, lcpMs: 2000 };

/** The LCP element of one report as "selector: text", for telling what the metric waits on. */
const lcpElementOf = (audit: { details?: unknown } | undefined): string => {
  // details: { type: "list", items: [{ type: "table", items: [{ node: { selector, snippet, nodeLabel } }] }] }
  const details = audit?.details as
    | { items?: Array<{ items?: Array<{ node?: { selector?: string; nodeLabel?: string } }> }> }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? "?"}: ${(node.nodeLabel ?? "").slice(0, 60)}` : "(none)";
};

/**
 * Lighthouse 12 with its mobile defaults (simulated throttling) on Debian Chromium, `runs`
 * times per route, medians: `/registrieren` and `/passwort-vergessen` for a visitor (a
 * profile that never signed in), then, once signed in, `/registrieren` again and `/konto`. Chromium is launched by
 * chrome-launcher; Playwright signs in over CDP; the provider's session cookie stays (and
 * `/konto` keeps storage too), so these measure a returning user.
 * With `LIGHTHOUSE_LHR_DIR` set, every run's full report (lhr JSON) is written there for
 * diagnosis (critical request chains, network requests, main-thread work).
 */
// chrome-launcher is Lighthouse's own launcher (a dependency of lighthouse, not of the tests).
const launcher = createRequire(createRequire(import.meta.url).resolve("lighthouse/package.json"))(
  "chrome-launcher",
) as {
  launch(o: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};

interface RunFigures {
  readonly score: number;
  readonly a11y: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
  readonly maxFid: number;
  readonly total: { readonly kb: number; readonly count: number };
  readonly script: { readonly kb: number; readonly count: number };
  readonly lcpElement: string;
  readonly finalUrl: string;
}

/** Transfer size and count of one resource type from the resource-summary audit. */
const resourcesOf = (audit: { details?: unknown } | undefined, type: "total" | "script") => {
  const items = (audit?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items;
  const item = items?.find((i) => i.resourceType === type);
  return {
    kb: Number(item?.transferSize ?? Number.NaN) / 1000,
    count: Number(item?.requestCount ?? Number.NaN),
  };
};

/**
 * Lighthouse's answer for a trace it could not read (no navigation start in it), which it
 * says to run again: on a busy machine Chromium now and then drops the event.
 */
const TRACE_LOST = "NO_NAVSTART";
const TRACE_ATTEMPTS = 3;

/** One Lighthouse run: the figures, what it named as LCP element, and where it ended. */
const runOnce = async (
  port: number,
  url: string,
  keepStorage: boolean,
  dumpName: string,
  attempt = 1,
): Promise<RunFigures> => {
  const r = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    disableStorageReset: keepStorage,
  });
  const lhr = r?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError?.code === TRACE_LOST && attempt < TRACE_ATTEMPTS)
    return runOnce(port, url, keepStorage, dumpName, attempt + 1);
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  const dumpDir = process.env.LIGHTHOUSE_LHR_DIR;
  if (dumpDir) {
    mkdirSync(dumpDir, { recursive: true });
    writeFileSync(join(dumpDir, `${dumpName}.json`), JSON.stringify(lhr, null, 1));
  }
  return {
    score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    a11y: (lhr.categories.accessibility?.score ?? Number.NaN) * 100,
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    maxFid: lhr.audits["max-potential-fid"]?.numericValue ?? Number.NaN,
    total: resourcesOf(lhr.audits["resource-summary"], "total"),
    script: resourcesOf(lhr.audits["resource-summary"], "script"),
    lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]),
    finalUrl: lhr.finalDisplayedUrl,
  };
};

/** `runs` runs of one route, as medians; fails when a run ended on another page. */
const measureRoute = async (
  port: number,
  origin: string,
  route: {
    readonly label: string;
    readonly path: string;
    readonly keepStorage: boolean;
    readonly aim: LighthouseFigures["aim"];
  },
  runs: number,
): Promise<LighthouseFigures> => {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const dumpName = `${route.label.replace(/\W+/g, "-").replace(/^-|-$/g, "")}-${i + 1}`;
    samples.push(await runOnce(port, origin + route.path, route.keepStorage, dumpName));
  }
  const landed = samples.map((s) => new URL(s.finalUrl).pathname);
  if (landed.some((p) => p !== route.path)) {
    throw new Error(`lighthouse on ${route.path} ended at ${landed.join(", ")} (not signed in?)`);
  }
  console.log(`LCP element on ${route.label}: ${samples.map((s) => s.lcpElement).join(" | ")}`);
  return {
    route: route.label,
    score: median(samples.map((s) => s.score)),
    // The lowest run, not the median: one run that finds a problem is a problem.
    a11y: Math.min(...samples.map((s) => s.a11y)),
    lcpMs: median(samples.map((s) => s.lcp)),
    tbtMs: median(samples.map((s) => s.tbt)),
    cls: median(samples.map((s) => s.cls)),
    maxFidMs: median(samples.map((s) => s.maxFid)),
    totalKB: median(samples.map((s) => s.total.kb)),
    scriptKB: median(samples.map((s) => s.script.kb)),
    scripts: median(samples.map((s) => s.script.count)),
    lcpElements: samples.map((s) => s.lcpElement),
    aim: route.aim,
  };
};

const REGISTER = "/benutzerverwaltung/registrieren";
const PASSWORD_FORGOTTEN = "/benutzerverwaltung/passwort-vergessen";
const PROFILE = "/benutzerverwaltung/konto";

export const measureLighthouse = async (runs: number): Promise<LighthouseFigures[]> => {
  const portal = await startPortal({ companySeedCount: 1_000 });
  // Chrome as Lighthouse expects it (a foreground tab per run); Playwright attaches over CDP
  // only to sign in, so the provider's session cookie lives in the same profile.
  const chrome = await launcher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS],
  });
  const port = chrome.port;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  try {
    // A visitor first, while the profile has never signed in: who registers (or has
    // forgotten the password) is signed out. Both pages come prerendered with the HTML.
    const results: LighthouseFigures[] = [
      await measureRoute(
        port,
        portal.url,
        { label: `${REGISTER} (visitor)`, path: REGISTER, keepStorage: false, aim: FRAME_AIM },
        runs,
      ),
      await measureRoute(
        port,
        portal.url,
        {
          label: `${PASSWORD_FORGOTTEN} (visitor)`,
          path: PASSWORD_FORGOTTEN,
          keepStorage: false,
          aim: FRAME_AIM,
        },
        runs,
      ),
    ];
    // The same frame without any script, through a proxy: this machine's ceiling for the
    // two rows above (parsing, style, layout and paint of the page alone).
    const proxy = await startScriptlessProxy(portal.url);
    try {
      results.push(
        await measureRoute(
          port,
          proxy.url,
          {
            label: `${REGISTER} (its frame, no script)`,
            path: REGISTER,
            keepStorage: false,
            aim: null,
          },
          runs,
        ),
      );
    } finally {
      await proxy.close();
    }
    const account = freshAccount("bench-lh");
    await registerConfirmedAccount(portal.url, new Outbox(portal.url), account);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${portal.url}${PROFILE}`);
    await page.locator('#kc-form-login [name="username"]').fill(account.email);
    await page.locator('#kc-form-login [name="password"]').fill(account.password);
    await page.locator("#kc-login").click();
    await page.waitForURL((u) => u.pathname === PROFILE);
    // Lighthouse 12 clears neither cookies nor local storage: from here on the browser is
    // signed in at the provider, also on the public registration page.
    results.push(
      await measureRoute(
        port,
        portal.url,
        { label: `${REGISTER} (signed in)`, path: REGISTER, keepStorage: false, aim: APP_AIM },
        runs,
      ),
      await measureRoute(
        port,
        portal.url,
        { label: PROFILE, path: PROFILE, keepStorage: true, aim: APP_AIM },
        runs,
      ),
    );
    return results;
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
    await portal.stop();
  }
};
