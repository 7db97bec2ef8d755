import type { Plugin } from "vite";

/** The route table's files: one table per caller (contracts/src/api-routes.ts joins them). */
export const ROUTE_TABLES = /contracts[\\/]src[\\/](?:public|person|support)-routes\.ts$/;

/**
 * Drops the documentation of the contracts' route table from the browser's copy: each
 * entry's `summary` and `errors` feed the OpenAPI document the server serves, and the
 * app never reads them (about 0.8 KB gzip of the first page). The table stays one
 * entry per call in the source; only this build leaves the two fields out.
 */
export const stripRouteDocs = (): Plugin => ({
  name: "portal-strip-route-docs",
  enforce: "pre",
  transform(code, id) {
    if (!ROUTE_TABLES.test(id)) return null;
    return { code: withoutRouteDocs(code), map: null };
  },
});

/** The table's source without `summary: "..."` and `errors: [...]` properties. */
export const withoutRouteDocs = (code: string): string =>
  code
    .replace(/^\s*summary:\s*(?:"(?:[^"\\]|\\.)*"|\n\s*"(?:[^"\\]|\\.)*"),\n/gm, "")
    .replace(/^\s*errors:\s*\[[^\]]*\],\n/gm, "");
