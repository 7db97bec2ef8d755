import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The one catalogue of words (issue 33): core/src/texts/<lng>/<ns>.json, i18next JSON v4.
// Every language has the same namespaces, keys and `{{placeholders}}`; every `$t(ns:key)`
// nests a text that exists; and every key is read by some surface: a static scan of the
// sources' string literals and property names, with the keys built at run time listed
// below with the reason. A new file or key is covered without naming it here.
const repo = join(import.meta.dirname, "..", "..");
const TEXTS = join(repo, "core", "src", "texts");
const LANGUAGES = ["de", "en", "fr"] as const;

type Tree = { readonly [key: string]: string | Tree };
const namespaces = (lng: string) =>
  readdirSync(join(TEXTS, lng))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""))
    .sort();
const catalogue = (lng: string, ns: string): Tree =>
  JSON.parse(readFileSync(join(TEXTS, lng, `${ns}.json`), "utf8")) as Tree;
const leaves = (tree: Tree, prefix = ""): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string"
      ? [[`${prefix}${k}`, v] as [string, string]]
      : leaves(v, `${prefix}${k}.`),
  );
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const nestings = (text: string) => [...text.matchAll(/\$t\(([\w-]+):([\w.-]+)\)/g)];

describe("every language has every namespace, key and placeholder", () => {
  it("each language folder holds the same namespaces", () => {
    for (const lng of LANGUAGES)
      expect({ lng, namespaces: namespaces(lng) }).toEqual({ lng, namespaces: namespaces("de") });
  });

  it.each(namespaces("de"))("%s: same keys and placeholders, no empty text", (ns) => {
    const de = new Map(leaves(catalogue("de", ns)));
    for (const lng of LANGUAGES) {
      const texts = leaves(catalogue(lng, ns));
      expect({ lng, keys: texts.map(([k]) => k).sort() }).toEqual({
        lng,
        keys: [...de.keys()].sort(),
      });
      const wrong = texts
        .filter(
          ([k, t]) =>
            t.trim() === "" || `${placeholders(t)}` !== `${placeholders(de.get(k) ?? "")}`,
        )
        .map(([k]) => k);
      expect({ lng, ns, wrong }).toEqual({ lng, ns, wrong: [] });
    }
  });

  it("one placeholder syntax: no `{name}` outside `{{name}}`", () => {
    const single = LANGUAGES.flatMap((lng) =>
      namespaces(lng).flatMap((ns) =>
        leaves(catalogue(lng, ns))
          .filter(([, t]) => /(^|[^{])\{\w+\}(?!\})/.test(t))
          .map(([k]) => `${lng}/${ns}:${k}`),
      ),
    );
    expect(single).toEqual([]);
  });

  it.each(LANGUAGES)("%s: every nested $t(ns:key) is a text of the catalogue", (lng) => {
    const broken = namespaces(lng).flatMap((ns) =>
      leaves(catalogue(lng, ns)).flatMap(([key, text]) =>
        nestings(text)
          .filter(([, nsOf, k]) => !new Map(leaves(catalogue(lng, nsOf ?? ""))).has(k ?? ""))
          .map(([whole]) => `${ns}:${key} -> ${whole}`),
      ),
    );
    expect(broken).toEqual([]);
  });
});

// The sources each namespace is read from (tests excluded: a key only a test reads is unused).
const SURFACES: Readonly<Record<string, readonly string[]>> = {
  errors: ["core/src", "web/src", "cli/src", "server/src"],
  shared: ["core/src", "web/src", "cli/src", "server/src"],
  common: ["core/src", "web/src"],
  validation: ["core/src", "web/src"],
  public: ["core/src", "web/src"],
  account: ["core/src", "web/src"],
  // cli/bin: the Node check, read before any library (node-check.mjs).
  cli: ["cli/src", "cli/bin"],
  help: ["cli/src"],
  // keycloak/: the login theme's table of Keycloak's message keys (theme-messages.mjs).
  provider: ["server/src/provider", "server/src/credentials", "keycloak"],
  mail: ["server/src/mail"],
  server: ["server/src/static"],
};

/**
 * Keys a surface builds at run time from a value, so no literal names them; each with why.
 * A prefix covers every key below it.
 */
const DYNAMIC: Readonly<Record<string, string>> = {
  "errors:HttpErrorMessages.": "one per error code of contracts, `errorMessageKey(code)`",
  "shared:Language.": "one per locale, `Language.<locale>` (the language switch)",
  "mail:factorChangedAlert.": "one section per change, `<change>.title`",
  "mail:layout.reasons.": "one per MailReason, `reasons.<reason>` inside another template literal",
  "common:pageTitle.": "one per route, `pageTitle.<route>` inside another template literal",
  "help:help.env.":
    "one per environment variable, `help.env.<name>` inside another template literal",
};

const sources = (dir: string): string[] =>
  readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/testing/.test(path)
      ? [path]
      : [];
  });

/** What a surface's sources name: string literals, property names, template-literal parts. */
interface Words {
  readonly names: Set<string>;
  /** Static parts of template literals that end in a dot: `help.env.<name>` reads every key below. */
  readonly prefixes: Set<string>;
}

const wordsOf = (dirs: readonly string[]): Words => {
  const names = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of dirs.flatMap(sources)) {
    const source = readFileSync(join(repo, file), "utf8");
    for (const m of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g))
      names.add(m[1] ?? m[2] ?? "");
    for (const m of source.matchAll(/`([^`]*)`/g))
      for (const part of (m[1] ?? "").split(/\$\{[^}]*\}/)) {
        names.add(part);
        if (part.endsWith(".")) prefixes.add(part.replace(/^[\w-]+:/, ""));
      }
    for (const m of source.matchAll(/[.?]\.?(\w+)\b/g)) names.add(`.${m[1]}`);
  }
  return { names, prefixes };
};

// i18next picks `key_one`, `key_other` for a `count`; the code names `key`.
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("no key of the catalogue is unused", () => {
  const nested = new Set(
    LANGUAGES.flatMap((lng) =>
      namespaces(lng).flatMap((ns) =>
        leaves(catalogue(lng, ns)).flatMap(([, t]) => nestings(t).map(([, n, k]) => `${n}:${k}`)),
      ),
    ),
  );

  it.each(namespaces("de"))("%s: every key is read by a surface, nested or listed", (ns) => {
    const { names, prefixes } = wordsOf(SURFACES[ns] ?? []);
    const used = (leaf: string) => {
      const key = leaf.replace(PLURAL, "");
      const full = `${ns}:${key}`;
      if (nested.has(full) || names.has(key) || names.has(full)) return true;
      if (Object.keys(DYNAMIC).some((prefix) => full.startsWith(prefix))) return true;
      const parts = key.split(".");
      return parts.some((_, i) => {
        if (i === 0) return false;
        const head = parts.slice(0, i).join(".");
        const tail = parts.slice(i).join(".");
        // `pageTitle.${route}`: a key built below a prefix the source writes out.
        if (prefixes.has(`${head}.`)) return true;
        // A section read as an object or by a relative key: provider's `t.loginIntro`,
        // mail's `w.t("title")` in its section, a page's `texts="changeMailOptin"`.
        const sectionNamed = names.has(head) || ns === "provider" || ns === "mail";
        return sectionNamed && (names.has(tail) || names.has(`.${tail}`));
      });
    };
    expect(
      leaves(catalogue("de", ns))
        .map(([k]) => k)
        .filter((k) => !used(k)),
    ).toEqual([]);
  });

  it("SURFACES names every namespace", () =>
    expect(Object.keys(SURFACES).sort()).toEqual(namespaces("de")));
});

it("core/src/texts holds the catalogue (its JSON files are each namespace)", () =>
  expect(relative(repo, TEXTS)).toBe(join("core", "src", "texts")));
