import { globSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const reflectMetadataLite = fileURLToPath(
  new URL("./src/app/reflect-metadata-lite.ts", import.meta.url),
);

const TESTS = "src/**/*.test.{ts,tsx}";

/**
 * The files that keep a module graph and a jsdom of their own (project web-isolated,
 * vitest.isolated.config.ts); every other file shares its worker's (`isolate: false`) and
 * ends with a fresh page load (src/test-support/page-load.ts):
 * - the files that start the whole app (start(), hydrating a frame) and render the frames
 *   with React's server renderer beside the client's: an app they start lives on as in a
 *   browser tab, and would render beside the next file's;
 * - any file that replaces one of the app's modules (`vi.mock`): a module the worker has
 *   already loaded keeps the real one, so the replacement would miss, and leak into the
 *   next file. Found by reading the files, so a new one is never forgotten.
 */
const root = fileURLToPath(new URL(".", import.meta.url));
export const ISOLATED_TESTS = [
  "src/prerender/**/*.test.{ts,tsx}",
  ...globSync(TESTS, { cwd: root }).filter((file) =>
    /\bvi\.mock\(/.test(readFileSync(`${root}${file}`, "utf8")),
  ),
];

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

// One jsdom and module graph per worker: a fresh one per file (React, the app, Testing
// Library and jsdom loaded again) cost four times the tests' own time on a slow day (310 s
// against 76 s for the project on one worker, 2026-11-28).
export default webTests({
  name: "web",
  include: [TESTS],
  exclude: [...configDefaults.exclude, ...ISOLATED_TESTS],
  isolate: false,
});
