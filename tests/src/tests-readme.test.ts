import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 51: tests/README.md is where a reader finds what each journey proves; a spec it
// does not name is a journey nobody knows to look for.
const root = join(import.meta.dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const SUITES = ["e2e", "e2e-keycloak"];

describe("tests/README.md", () => {
  it.each(SUITES)("names every spec of tests/%s", (suite) => {
    const specs = readdirSync(join(root, suite)).filter((f) => f.endsWith(".spec.ts"));
    expect(specs.length).toBeGreaterThan(0);
    expect(specs.filter((spec) => !readme.includes(`\`${spec}\``))).toEqual([]);
  });
});
