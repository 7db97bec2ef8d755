import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { extractTarGz, writeTarGz } from "./tar.js";

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), "portal-tar-test-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("tar.gz of a data folder", () => {
  it("unpacks folders and files of every size byte for byte, in the written order", async () => {
    const files = {
      PG_VERSION: Buffer.from("17\n"),
      "base/5/empty": Buffer.alloc(0),
      "base/5/one-block": randomBytes(512),
      "base/5/big": randomBytes(3 * 1024 * 1024 + 7),
      "pg_wal/archive_status/x": Buffer.from("ü"),
    };
    const archive = join(temp(), "t.tar.gz");
    await writeTarGz(archive, [
      { name: "base", kind: "dir" },
      { name: "base/5", kind: "dir" },
      { name: "pg_wal", kind: "dir" },
      { name: "pg_wal/archive_status", kind: "dir" },
      { name: "pg_wal/empty-dir", kind: "dir" },
      ...Object.entries(files).map(([name, data]) => ({
        name,
        kind: "file" as const,
        read: () => data,
      })),
    ]);
    const out = temp();
    await extractTarGz(archive, out);
    for (const [name, data] of Object.entries(files)) {
      expect(readFileSync(join(out, name)).equals(data)).toBe(true);
    }
    expect(() => readFileSync(join(out, "pg_wal/empty-dir"))).toThrow(/EISDIR/);
  });

  it("gives the same bytes for the same folder (fixed times and order)", async () => {
    const entries = () => [{ name: "a", kind: "file" as const, read: () => Buffer.from("x") }];
    const dir = temp();
    await writeTarGz(join(dir, "1.tar.gz"), entries());
    await writeTarGz(join(dir, "2.tar.gz"), entries());
    expect(readFileSync(join(dir, "1.tar.gz")).equals(readFileSync(join(dir, "2.tar.gz")))).toBe(
      true,
    );
  });

  it("refuses a path that leaves the target folder, and an archive cut short", async () => {
    const dir = temp();
    const evil = join(dir, "evil.tar.gz");
    await writeTarGz(evil, [{ name: "../outside", kind: "file", read: () => Buffer.from("x") }]);
    mkdirSync(join(dir, "out"));
    await expect(extractTarGz(evil, join(dir, "out"))).rejects.toThrow(/refused path/);

    const whole = join(dir, "whole.tar.gz");
    await writeTarGz(whole, [{ name: "f", kind: "file", read: () => randomBytes(100_000) }]);
    const { gunzipSync, gzipSync } = await import("node:zlib");
    const cut = join(dir, "cut.tar.gz");
    writeFileSync(cut, gzipSync(gunzipSync(readFileSync(whole)).subarray(0, 50_000)));
    await expect(extractTarGz(cut, join(dir, "cut"))).rejects.toThrow(/ends early/);
  });
});
