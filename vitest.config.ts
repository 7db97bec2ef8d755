import { defineConfig } from "vitest/config";

// One run over every package; each package's own vitest.config.* sets its environment.
export default defineConfig({
  test: {
    projects: ["contracts", "core", "server", "web", "cli", "tests"],
  },
});
