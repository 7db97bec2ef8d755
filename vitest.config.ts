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
    projects: ["contracts", "core", "server", "web", "cli", "tests"],
  },
});
