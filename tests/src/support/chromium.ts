/**
 * Debian's Chromium as the benches run it: these machines download no browser
 * (CHROMIUM_PATH names another binary). Lighthouse and the INP bench measure the browser
 * people use, so their figures stay comparable from one day to the next.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell) for the
 * end-to-end journeys: the same Blink and V8 without the browser's UI layer, which
 * Playwright's own downloads use for headless runs too. It took 30 % less CPU and wall time
 * than the full browser for the same journeys (170 against 244 CPU-seconds, 89 against
 * 126 s, four journeys on two workers, 2026-11-28), and the reference screenshots match.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** Headless, without a sandbox (containers) and without the browser's own network chatter. */
export const CHROMIUM_ARGS: ReadonlyArray<string> = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/**
 * The journeys' flags: without a GPU Chromium still composites in a GPU process of its own;
 * in the browser's process instead it took 9 % less CPU (85 and 86 against 93 and 96
 * CPU-seconds for two journey files, 2026-11-28), the reference screenshots unchanged. The
 * benches keep the browser as people run it.
 */
export const E2E_CHROMIUM_ARGS: ReadonlyArray<string> = [...CHROMIUM_ARGS, "--in-process-gpu"];
