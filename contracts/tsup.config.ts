import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  // No declarations: the packages' types are their TypeScript source (package.json "types"),
  // which every tsconfig reads through the `source` condition; the type check emits the
  // declarations project references need (scripts/typecheck.mjs). tsup's own d.ts build
  // checked the package a second time (about 20 CPU-seconds of the build, 2026-11-28).
  dts: false,
  clean: true,
  sourcemap: true,
  target: "es2022",
});
