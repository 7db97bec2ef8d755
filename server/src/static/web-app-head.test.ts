import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NO_WEB_APP_HEAD, webAppHeadOf, webAppHeadReader } from "./web-app-head.js";

// The head Vite writes (see web/dist/index.html after a build).
const INDEX = `<!doctype html><html lang="de"><head>
<meta charset="UTF-8" /><meta name="theme-color" content="#004b87" />
<link rel="icon" href="/benutzerverwaltung/favicon.svg" type="image/svg+xml" />
<link rel="apple-touch-icon" href="/benutzerverwaltung/apple-touch-icon.png" sizes="180x180" />
<script type="module" crossorigin src="/benutzerverwaltung/assets/index-CrwXvxPW.js"></script>
<link rel="modulepreload" crossorigin href="/benutzerverwaltung/assets/boot-BKFvGMzy.js">
<link rel="stylesheet" crossorigin href="/benutzerverwaltung/assets/index-B9fJ8TGD.css">
<link rel="preload" as="fetch" crossorigin href="/benutzerverwaltung/config.json">
</head><body><div id="root"></div></body></html>`;

describe("the web build's head for the provider's pages", () => {
  it("takes the entry stylesheet (with its crossorigin), the icons and the theme colour", () => {
    expect(webAppHeadOf(INDEX)).toEqual({
      stylesheets: [{ href: "/benutzerverwaltung/assets/index-B9fJ8TGD.css", crossorigin: true }],
      icons: [
        { rel: "icon", href: "/benutzerverwaltung/favicon.svg", type: "image/svg+xml" },
        {
          rel: "apple-touch-icon",
          href: "/benutzerverwaltung/apple-touch-icon.png",
          sizes: "180x180",
        },
      ],
      themeColor: "#004b87",
    });
  });

  it.each([
    ["another origin", "https://cdn.example/app.css"],
    ["a protocol-relative URL", "//cdn.example/app.css"],
    ["a path outside the app", "/other/app.css"],
    ["a double slash inside", "/benutzerverwaltung//cdn.example/app.css"],
    ["a quote", '/benutzerverwaltung/a"b.css'],
  ])("ignores a stylesheet on %s (CSP 'self', the app's own files only)", (_l, href) => {
    expect(webAppHeadOf(`<link rel="stylesheet" href='${href}'>`).stylesheets).toEqual([]);
  });

  it("ignores a theme colour that is not a hex colour", () => {
    expect(webAppHeadOf('<meta name="theme-color" content="red;x">').themeColor).toBeUndefined();
  });
});

describe("reading the head from WEB_DIST_DIR", () => {
  const dist = mkdtempSync(join(tmpdir(), "portal-web-head-"));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("is empty without a build, reads the build when it appears and again after a rebuild", () => {
    const head = webAppHeadReader(dist);
    expect(head()).toBe(NO_WEB_APP_HEAD);
    const file = join(dist, "index.html");
    writeFileSync(file, INDEX);
    expect(head().stylesheets.map((s) => s.href)).toEqual([
      "/benutzerverwaltung/assets/index-B9fJ8TGD.css",
    ]);
    writeFileSync(file, '<link rel="stylesheet" href="/benutzerverwaltung/assets/index-New1.css">');
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(head().stylesheets).toEqual([
      { href: "/benutzerverwaltung/assets/index-New1.css", crossorigin: false },
    ]);
    rmSync(file);
    expect(head()).toBe(NO_WEB_APP_HEAD);
  });
});
