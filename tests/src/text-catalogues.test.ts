import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Every JSON catalogue of the repo in de, en and fr (spec section 1, issue 17): core's
// (errors, shared messages) and the web app's own. Each language folder holds the same files,
// each file the same keys; a file added later is covered without naming it here.
const repo = join(import.meta.dirname, "..", "..");
const LANGUAGES = ["de", "en", "fr"] as const;
const FOLDERS = [join("core", "src", "texts"), join("web", "src", "locales")];

const files = (folder: string, lng: string) => readdirSync(join(repo, folder, lng)).sort();
const leaves = (value: unknown, prefix = ""): string[] =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const keysOf = (folder: string, lng: string, file: string) =>
  leaves(JSON.parse(readFileSync(join(repo, folder, lng, file), "utf8"))).sort();

describe.each(FOLDERS)("the catalogues in %s", (folder) => {
  it("each language holds the same files", () => {
    for (const lng of LANGUAGES)
      expect({ lng, files: files(folder, lng) }).toEqual({ lng, files: files(folder, "de") });
  });

  it.each(files(folder, "de"))("%s has the same keys in de, en and fr", (file) => {
    for (const lng of LANGUAGES)
      expect({ lng, keys: keysOf(folder, lng, file) }).toEqual({
        lng,
        keys: keysOf(folder, "de", file),
      });
  });
});

it("core's folders hold the two catalogues core loads (error-texts.ts, shared-texts.ts)", () =>
  expect(files(join("core", "src", "texts"), "de")).toEqual(["errors.json", "shared.json"]));
