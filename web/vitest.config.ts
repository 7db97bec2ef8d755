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
    // The "source" condition (for @portal/*) also picks compute-scroll-into-view's TypeScript
    // source (a downshift dependency): let Vite transform it instead of Node loading .ts.
    server: { deps: { inline: ["downshift", "compute-scroll-into-view"] } },
    // Form tests type into jsdom character by character: slower than the 5 s default on 2 cores.
    testTimeout: 20_000,
  },
});
