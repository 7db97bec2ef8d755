import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  test: { name: "contracts", include: ["src/**/*.test.ts"] },
});
