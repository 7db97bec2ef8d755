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
  const entry = file("assets/index.js", "import('./app.js');".repeat(50));
  const app = file("assets/app.js", "import'./react.js';app ".repeat(60));
  const react = file("assets/react.js", "react ".repeat(400));
  const shellCss = file("assets/index.css", "body{margin:0}".repeat(20));
  const profile = file("assets/profile.js", "profile page ".repeat(100));
  const profileForm = file("assets/profile-form.js", "profile form ".repeat(90));
  const forms = file("assets/forms.js", "formik ".repeat(300));
  const profileCss = file("assets/profile.css", ".p{color:red}".repeat(10));
  const dialog = file("assets/dialog.js", "dialog ".repeat(200));
  writeFileSync(
    join(dist, ".vite/manifest.json"),
    JSON.stringify({
      "index.html": {
        file: "assets/index.js",
        src: "index.html",
        isEntry: true,
        css: ["assets/index.css"],
        dynamicImports: ["src/app.tsx"],
      },
      "src/app.tsx": {
        file: "assets/app.js",
        src: "src/app.tsx",
        isDynamicEntry: true,
        imports: ["_react"],
        dynamicImports: ["src/profile-page.tsx", "src/dialog.tsx"],
      },
      _react: { file: "assets/react.js" },
      _forms: { file: "assets/forms.js" },
      "src/profile-page.tsx": {
        file: "assets/profile.js",
        src: "src/profile-page.tsx",
        isDynamicEntry: true,
        imports: ["_react"],
        dynamicImports: ["src/profile-form.tsx"],
        css: ["assets/profile.css", "assets/index.css"],
      },
      "src/profile-form.tsx": {
        file: "assets/profile-form.js",
        src: "src/profile-form.tsx",
        isDynamicEntry: true,
        imports: ["_react", "_forms"],
      },
      "src/dialog.tsx": { file: "assets/dialog.js", src: "src/dialog.tsx", isDynamicEntry: true },
    }),
  );
  const figures = measureBundles(dist);

  it("counts the entry and what it imports at once (with their imports) as the first page", () => {
    expect(figures.firstPage).toEqual({ js: entry + app + react, css: shellCss });
  });

  it("counts for a route what the first page has not loaded, with the parts the page loads itself", () => {
    expect(figures.lazy).toEqual([
      { name: "profile-page.tsx", js: profile + profileForm + forms, css: profileCss },
      { name: "dialog.tsx", js: dialog, css: 0 },
    ]);
  });
});
