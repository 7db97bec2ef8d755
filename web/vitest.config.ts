import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const reflectMetadataLite = fileURLToPath(
  new URL("./src/app/reflect-metadata-lite.ts", import.meta.url),
);

export default defineConfig({
  // Workspace packages resolve to their TypeScript source (no dist needed), in both
  // the client and the SSR (node) resolver vitest uses.
  // The same stand-in for inversify's metadata polyfill as the build (vite.config.ts), so
  // every test that starts the app's container runs on it.
  resolve: { conditions: ["source"], alias: { "reflect-metadata/lite": reflectMetadataLite } },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test-support/setup.ts"],
    passWithNoTests: true,
    // The "source" condition (for @portal/*) also picks compute-scroll-into-view's TypeScript
    // source (a downshift dependency): let Vite transform it instead of Node loading .ts.
    // inversify's packages are inlined too, so their import of the metadata polyfill takes
    // the alias above (an external package would load the real one from node_modules).
    server: {
      deps: {
        inline: [
          "downshift",
          "compute-scroll-into-view",
          /[\\/]inversify[\\/]/,
          /@inversifyjs[\\/]container[\\/]/,
        ],
      },
    },
    // Form tests type into jsdom character by character: slower than the 5 s default on 2 cores.
    testTimeout: 20_000,
  },
});
