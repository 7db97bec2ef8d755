import { defineConfig } from "@playwright/test";
import baseConfig from "../playwright.config.js";

// Issue 47 item 5: the journeys in Chromium with the web app's keycloak-js against a real
// Keycloak (scripts/keycloak.sh). One Keycloak and one portal for the whole run, started by
// global-setup.ts; one worker, because the journeys share that Keycloak's realm and the
// 2-core machine. `corepack pnpm test:keycloak` runs it; `pnpm test` does not.
export default defineConfig({
  ...baseConfig,
  testDir: ".",
  globalSetup: "./global-setup.ts",
  workers: 1,
  outputDir: process.env.E2E_OUTPUT_DIR ?? "../test-results-keycloak",
});
