import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Every word a person reads comes from core's catalogue (issues 33 and 51): no package's
// markup (the web app's JSX, every HTML the server writes) and no line a program prints
// holds text of its own, only the catalogue's (`{t("...")}`, `${t.loginIntro}`,
// `terminal.out(t.t("..."))`). A static scan of every package's sources, comments removed;
// the few files whose words no person of the portal reads are listed below with why.
const repo = join(import.meta.dirname, "..", "..");

/** Where the scan reads: every workspace package but the tests, and the repository's tools. */
const ROOTS = ["core", "contracts", "server", "web", "cli", "scripts", "keycloak"];
/** Workspace packages the scan leaves out, and why. */
const NOT_SCANNED: Readonly<Record<string, string>> = {
  tests: "the tests' own sources: they assert words, they show none",
};
/** Folders that hold no source of a surface: installed, built or generated files, test helpers. */
const SKIPPED = new Set(["node_modules", "dist", "coverage", "public", "testing", "test-results"]);

const files = (dir: string): string[] =>
  readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return SKIPPED.has(e.name) ? [] : files(path);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) && !/\.(test\.tsx?|d\.m?ts)$/.test(e.name)
      ? [path]
      : [];
  });

/**
 * Files (or folders, ending in `/`) whose words no person of the portal reads, and why:
 * every entry must still have words of its own (the last test), so the list stays short.
 */
const EXEMPT: Readonly<Record<string, string>> = {
  "server/src/outbox/outbox-routes.ts":
    "the developers' outbox (no SMTP server configured), an English tool page, not the portal's",
  "server/src/http/api-reference.ts":
    "the API reference for the developers of the API's clients, in English like the OpenAPI document it renders; its error texts are the catalogue's",
  "server/src/provider/oidc/third-party-cookies.ts":
    "the invisible frame of Keycloak's third-party cookie check: nobody sees its document's title",
  "server/src/provider/pages/provider-assets/passkey-upgrade.js":
    "a browser console line (console.info) for developers, not the page",
  "server/src/build/": "build steps' progress lines for developers (the PGlite template)",
  "server/bench/": "benchmarks' reports for developers",
  "server/scripts/": "developers' checks (first-start memory)",
  "core/scripts/": "generators of core's data files, run by developers",
  "web/scripts/": "the web build's steps and budgets, for developers",
  "scripts/":
    "developers' and operators' tools (start, checks, Keycloak set-up), English like the docs; the theme's words keycloak-theme.mjs writes are the catalogue's",
};
const exemption = (file: string) =>
  Object.keys(EXEMPT).find((path) => (path.endsWith("/") ? file.startsWith(path) : file === path));

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

// A word of two letters or more (any script the catalogue's languages use).
const WORD = "[A-Za-zÀ-ÿ]{2,}";
// Text between a tag's end and the next tag; no code (`=`, `(`, braces) on the way. In JSX
// the next tag must close (`</`), or a type's `=> Promise<T>` would read as text.
const TAG_TEXT = new RegExp(`(?<!=)>([^<>{}\`$=();]*${WORD}[^<>{}\`$=();]*)<`, "g");
const JSX_TEXT = new RegExp(`(?<!=)>([^<>{}\`$=();]*${WORD}[^<>{}\`$=();]*)</`, "g");
// The attributes a reader hears or sees, with a literal value.
const TEXT_PROP = /\b(aria-label|title|placeholder|alt)="([^"$]*[A-Za-zÀ-ÿ][^"$]*)"/g;

const strays = (source: string, text = TAG_TEXT) => [
  ...[...source.matchAll(text)].map((m) => (m[1] ?? "").trim()),
  ...[...source.matchAll(TEXT_PROP)].map((m) => m[0]),
];

/** The static parts of a module's template literals: where the server writes its HTML. */
const templateParts = (source: string) =>
  [...source.matchAll(/`([^`]*)`/g)]
    .map((m) => (m[1] ?? "").replace(/\$\{[^}]*\}/g, " "))
    .join(" ");

// A call that prints to a terminal or a console (the CLI's `terminal.out`/`err` and
// commander's `writeOut`/`writeErr` too) with a literal first argument...
const PRINT =
  /(?:console\.(?:log|error|warn|info)|process\.(?:stdout|stderr)\.write|\bterminal\.(?:out|err)|\bwrite(?:Out|Err))\(\s*(["'`])((?:(?!\1)[^\\]|\\.)*)\1/g;
// ...that holds words: two of them in a row, the parameters left out.
const PROSE = new RegExp(`${WORD}[,;:.]? +${WORD}`);

const printed = (source: string) =>
  [...source.matchAll(PRINT)]
    .map((m) => (m[2] ?? "").replace(/\$\{[^}]*\}/g, " "))
    .filter((text) => PROSE.test(text));

/** A file's own words: markup text and printed lines. */
const ownWords = (file: string) => {
  const source = withoutComments(readFileSync(join(repo, file), "utf8"));
  const markup = file.endsWith(".tsx") ? strays(source, JSX_TEXT) : strays(templateParts(source));
  return [...markup, ...printed(source)];
};

const SCANNED = ROOTS.flatMap(files);

describe("no user-facing text outside the catalogue", () => {
  it.each(SCANNED.filter((file) => exemption(file) === undefined))(
    "%s: markup text, text attributes, printed lines",
    (file) => expect(ownWords(file)).toEqual([]),
  );

  it("reads every workspace package", () => {
    const packages = readdirSync(repo).filter((dir) => existsSync(join(repo, dir, "package.json")));
    expect(
      packages.filter((dir) => !ROOTS.includes(dir) && !Object.hasOwn(NOT_SCANNED, dir)),
    ).toEqual([]);
    for (const dir of ["server/src/static", "cli/bin", "cli/src", "contracts/src"])
      expect(SCANNED.some((file) => file.startsWith(`${dir}/`))).toBe(true);
  });

  it("exempts only files that have words of their own", () =>
    expect(
      Object.keys(EXEMPT).filter(
        (path) => !SCANNED.some((file) => exemption(file) === path && ownWords(file).length > 0),
      ),
    ).toEqual([]));

  it("finds a stray text where there is one", () => {
    expect(strays(`<p>Hallo Welt</p>`)).toEqual(["Hallo Welt"]);
    expect(strays(`<p>Hallo Welt</p>`, JSX_TEXT)).toEqual(["Hallo Welt"]);
    expect(strays(`(): Promise<void> => x<T>()`, JSX_TEXT)).toEqual([]);
    expect(strays(`<button aria-label="Schließen">`)).toEqual(['aria-label="Schließen"']);
    expect(strays(`<p>{t("x")}</p> <img alt={t("y")}>`)).toEqual([]);
    expect(printed(`terminal.err("Nicht angemeldet");`)).toEqual(["Nicht angemeldet"]);
    const parameter = "$" + "{b}";
    expect(printed(`process.stderr.write(\`needs Node.js ${parameter}\`);`)).toEqual([
      "needs Node.js  ",
    ]);
    expect(printed(`terminal.out(t.t("login.done")); console.log("\\n");`)).toEqual([]);
  });
});
