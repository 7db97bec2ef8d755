import { defineConfig } from "tsup";

// One ESM bundle for the `portal` bin. The workspace packages (@portal/*) are
// bundled in, so an installed CLI needs only its npm dependencies.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  clean: true,
  sourcemap: true,
  dts: false,
  noExternal: [/^@portal\//],
});
