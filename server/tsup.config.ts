import { defineConfig } from "tsup";

// Two entries: main.js (the process) and index.js (startServer for tests and tools).
// Workspace packages are bundled (they ship TypeScript source); npm dependencies stay external.
export default defineConfig({
  entry: ["src/main.ts", "src/index.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  clean: true,
  sourcemap: true,
  dts: false,
  noExternal: [/^@portal\//],
  esbuildOptions(options) {
    options.conditions = ["source"];
  },
});
