import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  // Workspace packages resolve to their TypeScript source (no dist needed), in both
  // the client and the SSR (node) resolver vitest uses.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "tests",
    include: ["src/**/*.test.ts"],
    // src/keycloak needs a real Keycloak (scripts/keycloak.sh): on demand, its own config.
    exclude: [...configDefaults.exclude, "src/keycloak/**"],
    environment: "node",
    passWithNoTests: true,
    // One module graph per worker for all its files: the security suite's portals
    // (src/security/support/portal.ts) and the CLI suite's (src/cli/cli-harness.ts) are
    // leased from the server's per-worker pool (server/src/test-support/shared-servers.ts)
    // and serve every file of the worker, their database reset between files, instead of
    // each file starting its own. The pure files (catalogues, mail theme, bench statistics)
    // hold no state; no file changes process-wide state (environment, mocks, timers) without
    // putting it back.
    isolate: false,
    // The pooled portals live until the worker exits: the run marks their databases and
    // folders with its id, and this set-up removes them at its end (as the server project's).
    globalSetup: ["../server/vitest.global-setup.ts"],
    // A hook may start the worker's first portal of a kind (provider keys, migrations check,
    // the company register): once per worker, not once per file.
    hookTimeout: 120_000,
    // One limit for every test here, set once: its tests drive real portals and CLI processes
    // (a test takes up to 5 s, about 10 s beside two CPU-bound processes); a minute only
    // catches a hang, it makes room for no slow set-up.
    testTimeout: 60_000,
  },
});
