import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fmt, printTable, type Row, verdict } from "./stats.js";

/** The web app's size budgets (gzip), as the test command checks them. */
const budgets = JSON.parse(
  readFileSync(new URL("../../../web/budgets.json", import.meta.url), "utf8"),
) as { readonly firstPageKb: number; readonly lazyRouteKb: number };
export const FIRST_PAGE_BUDGET_KB = budgets.firstPageKb;
export const LAZY_ROUTE_BUDGET_KB = budgets.lazyRouteKb;

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleFigures {
  readonly firstPage: { js: number; css: number };
  readonly lazy: ReadonlyArray<{ name: string; js: number; css: number }>;
}

/**
 * First-load JavaScript and CSS (gzip) of the built web app from Vite's manifest, as
 * web/scripts/check-budget.mjs counts them: the first page is the entry (the boot script)
 * and every module index.html preloads (the app chunk and its imports), with their static
 * imports; a route (a lazily loaded page) counts what it adds beyond that, including the
 * parts the page loads itself (the registration form, the company search). Lazily loaded
 * parts of no page (the sign-in check, the failure dialog) are listed on their own.
 */
export const measureBundles = (webDist: string): BundleFigures => {
  const manifestPath = join(webDist, ".vite", "manifest.json");
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} missing: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const gz = (file: string) => gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length;

  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const i of manifest[key]?.imports ?? []) closure(i, into);
  };
  const size = (keys: Iterable<string>, except: ReadonlySet<string>) => {
    let js = 0;
    const css = new Set<string>();
    for (const k of keys) {
      if (except.has(k)) continue;
      const chunk = manifest[k];
      if (!chunk) continue;
      js += gz(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
    }
    return { js, css: [...css].reduce((sum, f) => sum + gz(f), 0) };
  };

  // The first page: the entry and what it imports at once, statically or dynamically (React
  // DOM and the app), each with its static imports; pages come from the boot chunk.
  const first = new Set<string>();
  for (const [k, c] of Object.entries(manifest))
    if (c.isEntry) for (const key of [k, ...(c.dynamicImports ?? [])]) closure(key, first);
  const firstPage = size(first, new Set());
  const firstCss = new Set([...first].flatMap((k) => manifest[k]?.css ?? []));

  /** A route's chunks beyond the first page, with the parts its chunks import dynamically. */
  const route = (key: string, into: Set<string>) => {
    const own = new Set<string>();
    closure(key, own);
    for (const k of own) {
      if (first.has(k) || into.has(k)) continue;
      into.add(k);
      for (const part of manifest[k]?.dynamicImports ?? []) route(part, into);
    }
    return into;
  };
  const figures = (name: string, keys: ReadonlySet<string>) => {
    const s = size(keys, first);
    // CSS already loaded by the first page costs nothing again.
    const css = [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))]
      .filter((f) => !firstCss.has(f))
      .reduce((sum, f) => sum + gz(f), 0);
    return { name: name.replace(/^src\//, ""), js: s.js, css };
  };
  const dynamic = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry);
  const pages = dynamic.filter(([k]) => /-page\.tsx$/.test(k));
  const routes = pages.map(([k, c]) => ({ name: c.src ?? k, keys: route(k, new Set()) }));
  const inRoutes = new Set(routes.flatMap((r) => [...r.keys]));
  const parts = dynamic
    .filter(([k]) => !/-page\.tsx$/.test(k) && !inRoutes.has(k) && !first.has(k))
    .map(([k, c]) => ({ name: c.src ?? k, keys: route(k, new Set()) }));
  const lazy = [...routes, ...parts]
    .map((r) => figures(r.name, r.keys))
    .sort((a, b) => b.js - a.js);
  return { firstPage, lazy };
};

/** Prints the bundle table against the budgets. */
export const printBundles = (b: BundleFigures): void => {
  const kb = (n: number) => n / 1024;
  const rows: Row[] = [
    {
      chunk: "first page (entry + what index.html preloads)",
      "JS gzip": fmt(kb(b.firstPage.js), " KB"),
      "CSS gzip": fmt(kb(b.firstPage.css), " KB"),
      "JS budget": `${FIRST_PAGE_BUDGET_KB} KB`,
      verdict: verdict(kb(b.firstPage.js) <= FIRST_PAGE_BUDGET_KB),
    },
    ...b.lazy.map((l) => ({
      chunk: `lazy ${l.name}`,
      "JS gzip": fmt(kb(l.js), " KB"),
      "CSS gzip": fmt(kb(l.css), " KB"),
      "JS budget": `${LAZY_ROUTE_BUDGET_KB} KB`,
      verdict: verdict(kb(l.js) <= LAZY_ROUTE_BUDGET_KB),
    })),
  ];
  printTable("First-load JavaScript and CSS per route (gzip level 9)", rows);
};
