import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrationsFolder } from "../migrations-folder.js";
import { installTemplate, type TemplateSource } from "./install.js";
import { MANIFEST_FILE, migrationTags, pgliteVersion, type TemplateManifest } from "./manifest.js";
import { writeTarGz } from "./tar.js";

let root: string;
let source: TemplateSource;

/** A stand-in data folder: the files say which archive they came from. */
const writeArchive = async (file: string, companies: number) => {
  await writeTarGz(join(root, "template", file), [
    { name: "base", kind: "dir" },
    { name: "base/register", kind: "file", read: () => Buffer.from(String(companies)) },
    { name: "PG_VERSION", kind: "file", read: () => Buffer.from("17\n") },
  ]);
};

const writeManifest = (changes: Partial<TemplateManifest> = {}) => {
  const manifest: TemplateManifest = {
    format: 1,
    pglite: pgliteVersion(),
    fingerprint: "test",
    migrations: migrationTags(migrationsFolder()).slice(0, 2),
    systemIdentifier: "1",
    archives: [
      { companies: 0, file: "empty.tar.gz", bytes: 1 },
      { companies: 500, file: "seeded.tar.gz", bytes: 1 },
    ],
    ...changes,
  };
  writeFileSync(join(root, "template", MANIFEST_FILE), JSON.stringify(manifest));
};

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "portal-install-test-"));
  mkdirSync(join(root, "template"));
  await writeArchive("empty.tar.gz", 0);
  await writeArchive("seeded.tar.gz", 500);
  writeManifest();
  source = { dir: join(root, "template"), companies: 500, migrationsFolder: migrationsFolder() };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const registerOf = (dataDir: string) => readFileSync(join(dataDir, "base", "register"), "utf8");

describe("installTemplate (first start into an empty DATA_DIR)", () => {
  it("unpacks the archive of the wanted register, else the empty one", async () => {
    const seeded = await installTemplate(join(root, "a"), source);
    expect(seeded).toMatchObject({ installed: { companies: 500 } });
    expect(registerOf(join(root, "a"))).toBe("500");
    mkdirSync(join(root, "b"));
    const other = await installTemplate(join(root, "b"), { ...source, companies: 7 });
    expect(other).toMatchObject({ installed: { companies: 0 } });
    expect(registerOf(join(root, "b"))).toBe("0");
  });

  it("leaves a DATA_DIR with a database or other files alone", async () => {
    await installTemplate(join(root, "a"), source);
    writeFileSync(join(root, "a", "base", "register"), "kept");
    expect(await installTemplate(join(root, "a"), source)).toEqual({ existing: true });
    expect(registerOf(join(root, "a"))).toBe("kept");
    mkdirSync(join(root, "c"));
    writeFileSync(join(root, "c", "notes.txt"), "mine");
    expect(await installTemplate(join(root, "c"), source)).toEqual({
      skipped: "DATA_DIR is not empty",
    });
  });

  it("falls back to initdb without a build, for another PGlite, or a migration it lacks", async () => {
    const dataDir = join(root, "d");
    rmSync(join(root, "template", MANIFEST_FILE));
    expect(await installTemplate(dataDir, source)).toMatchObject({
      skipped: expect.stringMatching(/^no template/),
    });
    writeManifest({ pglite: "0.0.1" });
    expect(await installTemplate(dataDir, source)).toMatchObject({
      skipped: expect.stringMatching(/PGlite 0\.0\.1/),
    });
    writeManifest({ migrations: ["0000_init", "9999_from_the_future"] });
    expect(await installTemplate(dataDir, source)).toMatchObject({
      skipped: expect.stringMatching(/migrations this code does not have/),
    });
    expect(readdirSync(root).sort()).toEqual(["template"]);
  });

  it("two processes starting at once on one empty DATA_DIR end with one whole database", async () => {
    for (const dataDir of [join(root, "missing"), join(root, "empty")]) {
      if (dataDir.endsWith("empty")) mkdirSync(dataDir);
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, () => installTemplate(dataDir, source)),
      );
      for (const outcome of outcomes)
        expect(outcome).toMatchObject({ installed: { companies: 500 } });
      expect(readdirSync(dataDir).sort()).toEqual(["PG_VERSION", "base"]);
      expect(registerOf(dataDir)).toBe("500");
    }
    // No staging folder is left beside DATA_DIR.
    expect(readdirSync(root).sort()).toEqual(["empty", "missing", "template"]);
  });
});
