import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  test: { name: "cli", include: ["src/**/*.test.ts"], environment: "node", passWithNoTests: true },
});
