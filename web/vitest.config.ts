import { defineConfig } from "vitest/config";

export default defineConfig({
  // Workspace packages resolve to their TypeScript source (no dist needed), in both
  // the client and the SSR (node) resolver vitest uses.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test-support/setup.ts"],
    passWithNoTests: true,
    // Form tests type into jsdom character by character: slower than the 5 s default on 2 cores.
    testTimeout: 20_000,
  },
});
