import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  test: {
    name: "tests",
    include: ["src/**/*.test.ts"],
    environment: "node",
    passWithNoTests: true,
  },
});
