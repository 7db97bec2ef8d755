import { cpSync } from "node:fs";
import { defineConfig } from "tsup";

const LANGUAGES = ["de", "en", "fr"];

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
  // The bin's Node check reads its line from the catalogue's cli namespace as JSON, before
  // any library (bin/node-check.mjs): an installed package has no core/, so a copy goes along.
  onSuccess: async () => {
    for (const language of LANGUAGES)
      cpSync(`../core/src/texts/${language}/cli.json`, `dist/texts/${language}/cli.json`);
  },
});
