import { defineConfig } from "vitest/config";

export default defineConfig({
  // Workspace packages resolve to their TypeScript source (no dist needed), in both
  // the client and the SSR (node) resolver vitest uses.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    environment: "node",
    passWithNoTests: true,
    // One module graph per worker for all its files: the worker's portals (one per kind
    // and database, src/test-support/shared-servers.ts) serve every file instead of each
    // file starting its own over a new database. No server module keeps state between
    // files that a file relies on; a test that changes process-wide state restores it.
    isolate: false,
    globalSetup: ["./vitest.global-setup.ts"],
    // Integration tests hash passwords with argon2id; a loaded 2-core machine needs more
    // than the 5 s default per test. Hooks start a worker's first server of a kind (once
    // per worker now, not per block, so no block raises its own hook timeout any more).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
