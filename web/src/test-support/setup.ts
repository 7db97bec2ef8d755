import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
// Lazily loaded in the app (kept out of the first page); loaded up front in tests so a
// dialog or combobox appears within Testing Library's default wait on a busy machine.
import "../components/failure-dialog.js";
import "../components/form/company-combobox.js";
import { freshPageLoad } from "./page-load.js";

// findBy/waitFor return as soon as their condition holds; the 1 s default was too short on
// a 2-core machine running several suites at once (a lazy chunk or a fake's answer came late).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
// Files share the worker's jsdom and modules (no isolation): the next one starts as a fresh
// page load. After the file, not before: a file's top level may already have set up its page.
afterAll(freshPageLoad);
