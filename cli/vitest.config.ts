import { defineConfig } from "vitest/config";

export default defineConfig({
  // Workspace packages resolve to their TypeScript source (no dist needed), in both
  // the client and the SSR (node) resolver vitest uses.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "cli",
    include: ["src/**/*.test.ts"],
    environment: "node",
    passWithNoTests: true,
    // The commands take their stores, transport and output as arguments (no global state):
    // one module graph per worker instead of one per file.
    isolate: false,
    pool: "threads",
  },
});
