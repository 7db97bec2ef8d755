import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
// Lazily loaded in the app (kept out of the first page); loaded up front in tests so a
// dialog or combobox appears within Testing Library's default wait on a busy machine.
import "../components/failure-dialog.js";
import "../components/form/company-combobox.js";
import { restoreBrowserState } from "./browser-state.js";

// findBy/waitFor return as soon as their condition holds; the 1 s default was too short on
// a 2-core machine running several suites at once (a lazy chunk or a fake's answer came late).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// The web project shares one jsdom and one module graph per worker (vitest.config.ts): this
// file runs again for each test file, and puts back what a file may have left behind, so
// the next file starts as in a fresh page.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  restoreBrowserState();
});
