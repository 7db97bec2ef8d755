import { availableParallelism } from "node:os";
import { createLogger } from "vite";
import { defineConfig } from "vitest/config";

// The web project inlines inversify (web/vitest.config.ts says why), whose published source
// maps name sources it does not ship: Vite would warn about each of its files in every run.
// Only that warning is dropped.
const logger = createLogger();
const warn = logger.warn.bind(logger);
logger.warn = (message, options) => {
  if (!message.includes("points to missing source files")) warn(message, options);
};

// One run over every package; each package's own vitest.config.* sets its environment.
export default defineConfig({
  customLogger: logger,
  test: {
    projects: [
      "contracts",
      "core",
      "server",
      "web",
      "web/vitest.isolated.config.ts",
      "cli",
      "tests",
    ],
    // Vitest runs one file fewer than there are cores at a time: one at a time on the 2-core
    // machines this suite runs on, which left a third of the CPU idle while the servers,
    // PostgreSQL and the browsers of the integration files waited on each other. Two at a
    // time there (every file has its own server and databases): 7.7 min instead of 11.9.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
