import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { CheckedScreens } from "./screens.js";

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

  /** Runs axe on the page as it is now; throws with every violation listed. */
  async scan(page: Page, label = ""): Promise<void> {
    // The app's page-ready flag (spec section 2): true 1.5 s after every pending component and
    // request finished. Provider pages have no flag and are complete when loaded.
    await page.waitForFunction(
      () => {
        const flag = document.body?.getAttribute("data-page-ready");
        return flag === null || flag === "true";
      },
      null,
      { timeout: 20_000 },
    );
    const path = new URL(page.url()).pathname;
    const screen = await this.#screens.unchecked(page);
    this.#scanned.add(path);
    if (screen === undefined) return;
    const results = await new AxeBuilder({ page })
      // axe.run in the page itself: the default (runPartial per frame, then finishRun in a
      // blank page it opens in the context) spends most of a scan opening that page, 4 to 5
      // times the scan's own work on this machine. Legacy mode skips only cross-origin
      // frames, and the portal's pages embed none (the provider is on the same origin).
      .setLegacyMode(true)
      // The test reads violations only: passes, incomplete and inapplicable are cut to one
      // node each instead of a selector for every element of the page.
      .options({ resultTypes: ["violations"] })
      .analyze();
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
