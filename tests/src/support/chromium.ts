/**
 * Debian's Chromium as every browser of the suite and the benches runs it: these machines
 * download no browser (CHROMIUM_PATH names another binary).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, without a sandbox (containers) and without the browser's own network chatter. */
export const CHROMIUM_ARGS: ReadonlyArray<string> = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
