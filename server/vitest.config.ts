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
    // Integration tests hash passwords with argon2id and run on two databases; a loaded
    // 2-core CI machine needs more than the 5 s default per test.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
