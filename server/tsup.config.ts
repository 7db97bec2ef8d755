import { cpSync } from "node:fs";
import { defineConfig } from "tsup";

// Entries: main.js (the process), index.js (startServer for tests and tools) and
// build-pglite-template.js (run by `build`: the prebuilt first-start database).
// Workspace packages are bundled (they ship TypeScript source); npm dependencies stay external.
export default defineConfig({
  entry: {
    main: "src/main.ts",
    index: "src/index.ts",
    "build-pglite-template": "src/build/pglite-template-cli.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node24",
  // The template is kept across builds: its build skips when its fingerprint is unchanged.
  clean: ["!pglite-template/**"],
  sourcemap: true,
  dts: false,
  noExternal: [/^@portal\//],
  esbuildOptions(options) {
    options.conditions = ["source"];
  },
  // The provider pages' browser files are read at start from beside the bundle
  // (src/provider/pages/assets.ts): the build ships them as they are.
  onSuccess: async () => {
    cpSync("src/provider/pages/provider-assets", "dist/provider-assets", { recursive: true });
  },
});
