import { defineConfig } from "vitest/config";

export default defineConfig({
  // Workspace packages resolve to their TypeScript source (no dist needed), in both
  // the client and the SSR (node) resolver vitest uses.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "contracts",
    include: ["src/**/*.test.ts"],
    // Pure functions and schemas, no global state: one module graph per worker instead of
    // one per file (re-importing it for each file was most of this package's run time).
    isolate: false,
    pool: "threads",
  },
});
