import { defineConfig } from "@playwright/test";
import { E2E_CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./src/support/chromium.js";

// Debian's Chromium headless shell (src/support/chromium.ts): no browser downloads here.
// Each worker starts one portal (server on a free port, temporary DATA_DIR) and the files it
// runs share it; tests keep apart by what they create (e2e/support/fixtures.ts). Two workers
// fit the 2-core machine; tests of one file run in order.
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  timeout: 90_000,
  // Reference screenshots (visual-*.spec.ts) live beside the specs, one per name; a small
  // tolerance absorbs anti-aliasing differences between Chromium builds, not layout changes.
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFileName}/{arg}{ext}",
  expect: {
    timeout: 10_000,
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: "disabled", caret: "hide" },
  },
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // No retry, in CI neither: a test that needs one is a defect, in the test or the product.
  retries: 0,
  reporter: [["list"]],
  // Several people may run the suite in one tree at once: each can point at its own folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  use: {
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    // The CSS honours reduced motion, so no transition is caught half-way by a screenshot
    // or by axe's contrast check on a busy machine.
    reducedMotion: "reduce",
    // A failing test keeps a screenshot of its end and, outside CI, its trace (actions, DOM
    // snapshots, network). Recording the trace costs every test: 8 % of the CPU with the DOM
    // snapshots (113 against 104 CPU-seconds for two files, 2026-11-28), 17 % more with the
    // screencast, which is left out. CI keeps only the log, so it records none; a failure
    // seen there is replayed with `--trace on`.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: [...E2E_CHROMIUM_ARGS],
    },
  },
});
