import { defineConfig } from "vitest/config";

// The realm export against a real Keycloak (scripts/keycloak.sh), on demand only and never
// part of `pnpm test` yet:
//   corepack pnpm exec vitest run --config tests/src/keycloak/vitest.config.ts
// The global set-up starts Keycloak unless one runs already, and stops only one it started.
export default defineConfig({
  test: {
    name: "keycloak",
    root: import.meta.dirname,
    include: ["*.test.ts"],
    environment: "node",
    globalSetup: ["./global-setup.ts"],
  },
});
