import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { routeByName } from "@portal/core";
import { describe, expect, it } from "vitest";
import { firstPageNamespaces, NAMESPACES, SHELL_NAMESPACES } from "./texts.js";

const src = join(import.meta.dirname, "..");
const NS = NAMESPACES.join("|");

/** The namespaces a source file reads: `useTranslation("ns")`, `["ns", …]` and `"ns:Key"`. */
const namespacesIn = (source: string): Set<string> => {
  const found = new Set<string>();
  for (const m of source.matchAll(/useTranslation\(\s*\[?([^)\]]*)/g))
    for (const n of (m[1] ?? "").matchAll(/"(\w+)"/g)) found.add(n[1] ?? "");
  for (const m of source.matchAll(new RegExp(`["\`'](${NS}):[A-Za-z]`, "g"))) found.add(m[1] ?? "");
  return found;
};

const files = (dir: string): string[] =>
  readdirSync(join(src, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });

// What each folder may read: the shell's namespaces on every page, a part's pages also
// their route's (routes.tsx loads them with the route). A page reading another namespace
// would show keys until a later page happened to load it.
const FOLDERS: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ["app", SHELL_NAMESPACES],
  ["components/layout", SHELL_NAMESPACES],
  ["components", firstPageNamespaces(routeByName("register")).filter((n) => n !== "public")],
  ["features/public", firstPageNamespaces(routeByName("register"))],
  ["features/account", firstPageNamespaces(routeByName("profile"))],
];

describe("each folder reads only the namespaces loaded where it shows", () => {
  it.each(FOLDERS)("%s", (folder, allowed) => {
    const outside = files(folder)
      .filter(
        (file) =>
          !FOLDERS.some(
            ([f]) => f !== folder && f.startsWith(`${folder}/`) && file.startsWith(`${f}/`),
          ),
      )
      .flatMap((file) =>
        [...namespacesIn(readFileSync(join(src, file), "utf8"))]
          .filter((ns) => !allowed.includes(ns))
          .map((ns) => `${relative(src, join(src, file))}: ${ns}`),
      );
    expect(outside).toEqual([]);
  });

  it("finds what it looks for", () =>
    expect([...namespacesIn('useTranslation(["account", "errors"]); t("shared:X")')]).toEqual([
      "account",
      "errors",
      "shared",
    ]));
});
