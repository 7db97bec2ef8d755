import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const reflectMetadataLite = fileURLToPath(
  new URL("./src/app/reflect-metadata-lite.ts", import.meta.url),
);

/**
 * The files that replace one of the app's modules with `vi.mock` (the identity start). A
 * module mock lives in the worker's module graph, so these run isolated, one graph per file
 * (vitest.isolated.config.ts, project "web-isolated"); every other file shares one graph and
 * one jsdom per worker (project "web"), which src/test-support/setup.ts puts back after
 * each file (timers, stubs, cookies, storage, address, document).
 */
export const MOCKING_FILES = [
  "src/prerender/hydrate-frame.test.tsx",
  "src/prerender/language-before-hydration.test.tsx",
  "src/prerender/typed-before-hydration.test.tsx",
];

/** The web project's config: `shared` (one module graph per worker) or `isolated`. */
export const webTestConfig = (kind: "shared" | "isolated") =>
  defineConfig({
    // Workspace packages resolve to their TypeScript source (no dist needed), in both
    // the client and the SSR (node) resolver vitest uses.
    // The same stand-in for inversify's metadata polyfill as the build (vite.config.ts), so
    // every test that starts the app's container runs on it.
    resolve: { conditions: ["source"], alias: { "reflect-metadata/lite": reflectMetadataLite } },
    ssr: { resolve: { conditions: ["source"] } },
    test: {
      name: kind === "shared" ? "web" : "web-isolated",
      ...(kind === "shared"
        ? { include: ["src/**/*.test.{ts,tsx}"], exclude: MOCKING_FILES, isolate: false }
        : { include: MOCKING_FILES, isolate: true }),
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

export default webTestConfig("shared");
