import { fileURLToPath } from "node:url";
// Core's built package: `pnpm -r build` builds core before the web app.
import { BASE_PATH } from "@portal/core";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { PART_NAMESPACES } from "./src/i18n/texts.js";
import { appPreloads } from "./vite-app-preloads.js";
import { moduleGraph } from "./vite-module-graph.js";
import { precompress } from "./vite-precompress.js";

const graph = moduleGraph(fileURLToPath(new URL("..", import.meta.url)));
const main = fileURLToPath(new URL("./src/main.tsx", import.meta.url));
const start = fileURLToPath(new URL("./src/app/start.tsx", import.meta.url));
let graphGroups: ReadonlyMap<string, "boot" | "app"> | undefined;
/**
 * A chunk group taken from the import graph: "boot", what the boot script (main.tsx) needs
 * before it runs, and "app", what the app (app/start.tsx) needs but the boot chunk's. Read
 * once the graph is complete (the bundler groups modules after it has loaded them all), so a
 * module lands in the chunk of the code that imports it, with no path pattern to keep up.
 */
const byGraph = (group: "boot" | "app") => (id: string) => {
  if (!graphGroups) {
    const boot = graph.staticClosure(main);
    boot.delete(main);
    const app = [...graph.staticClosure(start)].filter((m) => !boot.has(m));
    graphGroups = new Map([
      ...[...boot].map((m) => [m, "boot"] as const),
      ...app.map((m) => [m, "app"] as const),
    ]);
  }
  return graphGroups.get(id) === group ? group : null;
};

/**
 * How the build cuts the app into chunks. The server speaks HTTP/1.1: every request of the
 * first load waits for one of six connections, and each new connection starts slowly (TCP
 * slow start). So the first page is a handful of chunks of 30 to 70 KB that download side
 * by side, rather than many small ones (a request each) or one large one (one connection).
 * The app's own first-page chunks (boot, app) follow the import graph; the libraries', the
 * form kit's and the texts' are named by path. Groups take their dependencies along
 * (splitting a CommonJS package from what it requires breaks it); a module goes to the group
 * of the highest priority that matches it. What no group takes (code some pages share, the
 * parts loaded on demand) the bundler splits by the dynamic imports that reach it.
 * (`[\\/]`: a path separator on any platform.)
 */
const chunkGroups = [
  // What the boot script (main.tsx) needs before it runs: its static imports, followed by
  // name through core's index to the modules that define them (core's route table and
  // language parsing, the page and text loaders). Apart from the entry, because the app
  // imports them too, and apart from the app chunk, so the boot script runs before that has
  // arrived and starts the page's own downloads at once.
  { name: byGraph("boot"), debugName: "boot", priority: 4 },
  // React, which every page needs.
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
  // effect's Schema: the contracts' schemas decode API answers and a few pages' data, so
  // it loads with the first API call or such a page, once for all of them (not on the
  // first page; see src/app/on-first-call.ts).
  { name: "schemas", test: /node_modules[\\/]effect[\\/]/, priority: 3 },
  // The router and i18next: beside the app chunk, on a connection of their own.
  {
    name: "libs",
    test: /node_modules[\\/](react-router|i18next|react-i18next|use-sync-external-store|html-parse-stringify|void-elements)[\\/]/,
    priority: 3,
  },
  // The app the first page renders: what app/start.tsx needs before it runs (the router,
  // the routes, the shell, the providers, core's rules they call), but the boot chunk's.
  // What it imports dynamically loads when first needed, in chunks of its own: the API
  // client with the contracts' schemas and the config check (src/app/on-demand), the
  // inversify container with its modules (built after the first paint,
  // src/app/services-on-first-use.ts), keycloak's adapters, the failure dialog.
  { name: byGraph("app"), debugName: "app", priority: 2 },
  // The form kit, core's form rules and formik: one chunk for every page with a form. The
  // company combobox (downshift) stays apart: two pages show it, after their first paint.
  // The personal data rules (with the country dialling table) go with the profile page.
  {
    name: "forms",
    test: /web[\\/]src[\\/]components[\\/]form[\\/](?!company-combobox\.)|core[\\/]src[\\/](validation[\\/](?!personal-data-rules|phone-rules)|form-options)|node_modules[\\/]formik[\\/]/,
    priority: 1,
  },
  { name: "downshift", test: /node_modules[\\/]downshift[\\/]/, priority: 1 },
  // The texts of one language (core/src/texts/<lng>/<ns>.json; i18next reads them namespace
  // by namespace) in three chunks, as the first page loads them (web/src/i18n/texts.ts):
  // the shell's and every page's (common, shared, validation, errors), and each part's own
  // (PART_NAMESPACES: the public pages', the account pages'), so a first page never downloads the other part's texts.
  {
    debugName: "texts",
    name: (id: string) => {
      const [, language, namespace] = /(?:locales|texts)[\\/](\w+)[\\/](\w+)\.json$/.exec(id) ?? [];
      if (!language) return null;
      const part = Object.values(PART_NAMESPACES).find((ns) => ns === namespace);
      return part ? `texts-${language}-${part}` : `texts-${language}`;
    },
    test: /(?:locales|texts)[\\/]\w+[\\/]\w+\.json$/,
    priority: 1,
  },
];

const reflectMetadataLite = fileURLToPath(
  new URL("./src/app/reflect-metadata-lite.ts", import.meta.url),
);

export default defineConfig({
  base: BASE_PATH,
  plugins: [react(), graph.plugin, appPreloads(), precompress()],
  resolve: {
    conditions: ["source"],
    // inversify's Reflect metadata polyfill, replaced by the three functions it calls
    // (src/app/reflect-metadata-lite.ts says why): 2.3 KB less on the first page.
    alias: { "reflect-metadata/lite": reflectMetadataLite },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // A browser without <link rel="modulepreload"> (Safari before 17) loads the same modules,
    // only without the head start: not worth a polyfill in every visitor's entry.
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: "es2022",
    rolldownOptions: {
      // What may be left out when unused is declared where it belongs: `sideEffects` in
      // each package's package.json (web's own names its entry, the metadata stand-in
      // and the styles).
      output: {
        codeSplitting: process.env.BUDGET_BREAKDOWN
          ? {
              // Diagnostics: one chunk per package, to see what the first page is made of.
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: (id: string) =>
                    /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+)/
                      .exec(id)?.[1]
                      ?.replace("/", "_") ??
                    /[\\/](core|contracts)[\\/]src[\\/]/.exec(id)?.[1] ??
                    null,
                },
              ],
            }
          : { groups: chunkGroups.map((g) => ({ ...g })) },
      },
    },
  },
});
