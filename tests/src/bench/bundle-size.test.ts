import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { measureBundles } from "./bundle-size.js";

const dist = mkdtempSync(join(tmpdir(), "bundle-size-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  writeFileSync(join(dist, name), text);
  return gzipSync(text, { level: 9 }).length;
};

describe("measureBundles", () => {
  mkdirSync(join(dist, ".vite"));
  mkdirSync(join(dist, "assets"));
  const entry = file("assets/index.js", "import'./react.js';".repeat(50));
  const react = file("assets/react.js", "react ".repeat(400));
  const shellCss = file("assets/index.css", "body{margin:0}".repeat(20));
  const profile = file("assets/profile.js", "profile page ".repeat(100));
  const forms = file("assets/forms.js", "formik ".repeat(300));
  const profileCss = file("assets/profile.css", ".p{color:red}".repeat(10));
  writeFileSync(
    join(dist, ".vite/manifest.json"),
    JSON.stringify({
      "index.html": {
        file: "assets/index.js",
        src: "index.html",
        isEntry: true,
        imports: ["_react"],
        css: ["assets/index.css"],
        dynamicImports: ["src/profile-page.tsx"],
      },
      _react: { file: "assets/react.js" },
      _forms: { file: "assets/forms.js" },
      "src/profile-page.tsx": {
        file: "assets/profile.js",
        src: "src/profile-page.tsx",
        isDynamicEntry: true,
        imports: ["_react", "_forms"],
        css: ["assets/profile.css", "assets/index.css"],
      },
    }),
  );
  const figures = measureBundles(dist);

  it("counts the entry and its static imports as the first page", () => {
    expect(figures.firstPage).toEqual({ js: entry + react, css: shellCss });
  });

  it("counts for a lazy route only what the first page has not loaded", () => {
    expect(figures.lazy).toEqual([
      { name: "profile-page.tsx", js: profile + forms, css: profileCss },
    ]);
  });
});
