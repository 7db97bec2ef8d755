// @vitest-environment node
import { readFileSync } from "node:fs";
import { API_ROUTES } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLES, withoutRouteDocs } from "../vite-route-docs.js";

// The browser build leaves the route table's documentation out (vite-route-docs.ts).
const source = ["public", "person", "support"]
  .map((caller) =>
    readFileSync(new URL(`../../contracts/src/${caller}-routes.ts`, import.meta.url), "utf8"),
  )
  .join("\n");

describe("the browser's copy of the route table", () => {
  const stripped = withoutRouteDocs(source);
  it("names each table's file", () => {
    for (const caller of ["public", "person", "support"])
      expect(ROUTE_TABLES.test(`/w/contracts/src/${caller}-routes.ts`)).toBe(true);
    expect(ROUTE_TABLES.test("/w/contracts/src/api-route.ts")).toBe(false);
  });
  it("has no summary and no error list left", () => {
    expect(stripped).not.toMatch(/^\s*summary:/m);
    expect(stripped).not.toMatch(/^\s*errors:/m);
  });
  it("keeps every entry with its method, path and status", () => {
    for (const [name, r] of Object.entries(API_ROUTES)) {
      expect(stripped).toContain(`${name}: route({`);
      expect(stripped).toContain(`path: "${r.path}"`);
    }
    expect(stripped.match(/status: \d{3},/g)).toHaveLength(Object.keys(API_ROUTES).length);
  });
});
