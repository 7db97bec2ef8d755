// @vitest-environment node
import { readFileSync } from "node:fs";
import { API_ROUTES } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { withoutRouteDocs } from "../vite-route-docs.js";

// The browser build leaves the route table's documentation out (vite-route-docs.ts).
const source = readFileSync(new URL("../../contracts/src/api-routes.ts", import.meta.url), "utf8");

describe("the browser's copy of the route table", () => {
  const stripped = withoutRouteDocs(source);
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
