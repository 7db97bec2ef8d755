import { defineConfig } from "vitest/config";

// The realm export against a real Keycloak (scripts/keycloak.sh), on demand only and never
// part of `pnpm test` yet:
//   corepack pnpm exec vitest run --config tests/src/keycloak/vitest.config.ts
// The global set-up starts Keycloak unless one runs already, and stops only one it started.
export default defineConfig({
  // The workspace's packages from their sources, as the tests project reads them (a test
  // here may start the portal's server in Keycloak mode).
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "keycloak",
    root: import.meta.dirname,
    include: ["*.test.ts"],
    environment: "node",
    globalSetup: ["./global-setup.ts"],
    // One file at a time: outage.test.ts stops the Keycloak every file uses.
    fileParallelism: false,
  },
});
