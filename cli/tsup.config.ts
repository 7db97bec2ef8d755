import { defineConfig } from "tsup";

// One ESM bundle for the `portal` bin. The workspace packages (@portal/*) are
// bundled in, so an installed CLI needs only its npm dependencies; effect and
// inversify too, because loading their hundreds of modules cost a CLI start
// about 0.3 s of CPU (commander is six modules, ESM since 15, and openid-client loads lazily: external).
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  platform: "node",
  target: "node24",
  clean: true,
  sourcemap: true,
  dts: false,
  noExternal: [/^@portal\//, /^effect(\/|$)/, "inversify", /^@inversifyjs\//, "i18next"],
  // Bundle the workspace packages from their TypeScript source: a fresh clone has no
  // dist/ for @portal/core or @portal/contracts when the CLI is built on its own.
  esbuildOptions(options) {
    options.conditions = ["source"];
  },
});
