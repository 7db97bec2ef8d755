import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Every word a person reads comes from core's catalogue (issue 33): the web app's JSX, the
// provider pages' and the mails' HTML hold no text of their own, only the catalogue's
// (`{t("...")}`, `${t.loginIntro}`). A static scan of the sources, comments removed.
const repo = join(import.meta.dirname, "..", "..");

const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "testing" ? [] : files(path, ext);
    return ext.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });

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

/** Server modules that write HTML a person of the portal never reads, and why. */
const EXEMPT: Readonly<Record<string, string>> = {
  "server/src/outbox/outbox-routes.ts":
    "the developers' outbox (no SMTP server configured), an English tool page, not the portal's",
};

describe("no user-facing text outside the catalogue", () => {
  it.each(files("web/src", /\.tsx$/))("%s: JSX text and text props", (file) =>
    expect(strays(withoutComments(readFileSync(join(repo, file), "utf8")), JSX_TEXT)).toEqual([]),
  );

  it.each(
    [...files("server/src/provider/pages", /\.ts$/), ...files("server/src/mail", /\.ts$/)].filter(
      (f) => !Object.hasOwn(EXEMPT, f.split("\\").join("/")),
    ),
  )("%s: HTML text and text attributes", (file) =>
    expect(strays(templateParts(withoutComments(readFileSync(join(repo, file), "utf8"))))).toEqual(
      [],
    ),
  );

  it("finds a stray text where there is one", () => {
    expect(strays(`<p>Hallo Welt</p>`)).toEqual(["Hallo Welt"]);
    expect(strays(`<p>Hallo Welt</p>`, JSX_TEXT)).toEqual(["Hallo Welt"]);
    expect(strays(`(): Promise<void> => x<T>()`, JSX_TEXT)).toEqual([]);
    expect(strays(`<button aria-label="Schließen">`)).toEqual(['aria-label="Schließen"']);
    expect(strays(`<p>{t("x")}</p> <img alt={t("y")}>`)).toEqual([]);
  });
});
