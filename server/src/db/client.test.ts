import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";

describe("embedded database (PGlite)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-db-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const sharedBuffers = async () => {
    const database = await openDatabase({ dataDir });
    try {
      // Both drivers answer with `rows`; Drizzle's shared type does not say so.
      const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      return result.rows[0]?.shared_buffers;
    } finally {
      await database.close();
    }
  };

  it("runs with 32 MB of shared buffers from the second start of a data folder on", async () => {
    // The first start creates the folder with PostgreSQL's default and records the limit.
    expect(await sharedBuffers()).toBe("128MB");
    expect(await sharedBuffers()).toBe("32MB");
    expect(await sharedBuffers()).toBe("32MB");
  }, 60_000);

  it("reads text fields byte for byte (patches/: decoded in place, not copied per field)", async () => {
    const database = await openDatabase({ dataDir });
    try {
      const values = [
        "",
        "Müller-Lüdenscheidt",
        "Ça va? Ærøskøbing",
        "日本語 🎉",
        "x".repeat(70_000),
      ];
      const result = (await database.db.execute(
        sql`select v, length(v) as n from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as t(v, i) order by i`,
      )) as unknown as { rows: { v: string; n: number }[] };
      expect(result.rows.map((r) => r.v)).toEqual(values);
      expect(result.rows.map((r) => r.n)).toEqual(values.map((v) => [...v].length));
    } finally {
      await database.close();
    }
  }, 60_000);
});
