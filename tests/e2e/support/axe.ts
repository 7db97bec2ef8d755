import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Frame, Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import type { CheckedScreens } from "./screens.js";

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/** axe-core's minified build, put into a document once, before its first scan. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe.run in the page itself, the same-origin frames included (the outbox frames a mail; the
 * portal embeds nothing cross-origin, the provider is on the same origin). axe goes into a
 * document once: a second scan of the same document (the other width, the page after an
 * action) reuses it. @axe-core/playwright put its 1.3 MB unminified build into the page twice
 * on every scan, 0.75 s a scan on the registration page against 0.15 s here (2026-11-28).
 * Only violations come back: passes, incomplete and inapplicable are cut to one node each.
 */
export const runAxe = async (page: Page): Promise<AxeResults> => {
  const ensureAxe = async (frame: Frame) => {
    if (await frame.evaluate(() => window.axe === undefined)) await frame.evaluate(AXE_SOURCE);
  };
  await ensureAxe(page.mainFrame());
  // A child frame that goes away meanwhile has nothing left to check.
  for (const frame of page.frames().slice(1)) await ensureAxe(frame).catch(() => undefined);
  return page.evaluate(
    async (options) => {
      if (!window.axe) throw new Error("axe-core is not in the page");
      return window.axe.run(document, options);
    },
    { resultTypes: ["violations"] } satisfies RunOptions,
  );
};

/**
 * Paths a journey passes through without stopping on a screen of its own: the app's
 * redirect routes and the identity provider's redirecting endpoints. Every other path
 * the main frame reaches must have been scanned by axe before the test ends.
 */
const TRANSIT_PATHS: readonly RegExp[] = [
  /^\/benutzerverwaltung\/?$/,
  /^\/benutzerverwaltung\/login$/,
  /^\/benutzerverwaltung\/logout$/,
  /^\/realms\/[^/]+\/protocol\/openid-connect\/(logout|token|auth\/?$)/,
  /^\/$/,
];

/**
 * Watches the pages one test reaches and checks each with axe. `scan` runs axe on the page
 * as it is now and fails on any violation (a screen the worker has checked already, in this
 * test or an earlier one, is not checked again: `screens`); `unscanned` lists the paths
 * reached but never scanned, which the fixture turns into a failure at the end of the test.
 */
export class A11yWatch {
  readonly #reached = new Set<string>();
  readonly #scanned = new Set<string>();
  readonly #exempt: RegExp[] = [...TRANSIT_PATHS];
  readonly #screens: CheckedScreens;

  constructor(screens: CheckedScreens) {
    this.#screens = screens;
  }

  /** Starts recording the main frame's paths (including client-side route changes). */
  watch(page: Page): void {
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (url.startsWith("http")) this.#reached.add(new URL(url).pathname);
    });
  }

  /** A path this test passes without a screen to check (a pure redirect). */
  exempt(path: RegExp): void {
    this.#exempt.push(path);
  }

  /** {@link exempt} for exactly this one path. */
  exemptPath(path: string): void {
    this.#exempt.push(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  }

  /** Runs axe on the page as it is now; throws with every violation listed. */
  async scan(page: Page, label = ""): Promise<void> {
    // The app's page-ready flag (spec section 2): true 1.5 s after every pending component and
    // request finished. Provider pages have no flag and are complete when loaded. Polled every
    // 50 ms: the default polls on every animation frame, which makes an idle page draw 60
    // frames a second while it waits (1.18 against 0.09 CPU-s of Chromium in 5 s, 2026-11-28).
    await page.waitForFunction(
      () => {
        const flag = document.body?.getAttribute("data-page-ready");
        return flag === null || flag === "true";
      },
      null,
      { timeout: 20_000, polling: 50 },
    );
    const path = new URL(page.url()).pathname;
    const screen = await this.#screens.unchecked(page);
    this.#scanned.add(path);
    if (screen === undefined) return;
    const results = await runAxe(page);
    if (results.violations.length === 0) {
      this.#screens.passed(screen);
      return;
    }
    const lines = results.violations.map(
      (v) =>
        `- ${v.id} (${v.impact ?? "?"}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join("\n    ")}`,
    );
    throw new Error(
      `axe found ${results.violations.length} violation(s) on ${path} ${label}\n${lines.join("\n")}`,
    );
  }

  /** Paths reached, not exempt, and never scanned. */
  unscanned(): string[] {
    return [...this.#reached].filter(
      (p) => !this.#scanned.has(p) && !this.#exempt.some((re) => re.test(p)),
    );
  }
}
