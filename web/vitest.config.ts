import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const reflectMetadataLite = fileURLToPath(
  new URL("./src/app/reflect-metadata-lite.ts", import.meta.url),
);

/**
 * The files that start the whole app (start(), hydrating a frame, the identity start
 * mocked) and render the frames with React's server renderer beside the client's: an app
 * they start lives on as in a browser tab, and would render beside the next file's. They
 * keep a module graph and jsdom of their own per file (vitest.app-start.config.ts).
 */
export const APP_START_TESTS = "src/prerender/**/*.test.{ts,tsx}";

interface Project {
  readonly name: string;
  readonly include: string[];
  readonly exclude: string[];
  readonly isolate: boolean;
}

/** The web tests' configuration, for one of the two projects. */
export const webTests = ({ name, include, exclude, isolate }: Project) =>
  defineConfig({
    // Workspace packages resolve to their TypeScript source (no dist needed), in both
    // the client and the SSR (node) resolver vitest uses.
    // The same stand-in for inversify's metadata polyfill as the build (vite.config.ts), so
    // every test that starts the app's container runs on it.
    resolve: { conditions: ["source"], alias: { "reflect-metadata/lite": reflectMetadataLite } },
    ssr: { resolve: { conditions: ["source"] } },
    test: {
      name,
      include,
      exclude,
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
      isolate,
      // Form tests type into jsdom character by character: slower than the 5 s default on 2 cores.
      testTimeout: 20_000,
    },
  });

// Isolated per file. Tried without isolation (one jsdom and module graph per worker, with
// src/test-support/page-load.ts resetting what a page load keeps after each file): a
// security-sections test then failed once in a fresh-clone run, depending on the file
// before it, and the step's wall time did not change. The reset stays for the day the
// leak is found.
export default webTests({
  name: "web",
  include: ["src/**/*.test.{ts,tsx}"],
  exclude: [...configDefaults.exclude, APP_START_TESTS],
  isolate: true,
});
