import { count } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies } from "../db/schema/companies.js";
import { generateCompanies } from "./generator.js";

// 1 000 rows x 9 columns stays far below PostgreSQL's 65 535 parameters per statement.
const BATCH_SIZE = 1_000;

/**
 * Inserts the synthetic companies with indexes `start` .. `start + total - 1` in
 * multi-row inserts; an existing crefonummer is left as it is, so a fill can be resumed.
 * `onProgress` hears the number of rows written so far.
 */
export const insertGeneratedCompanies = async (
  db: Db,
  start: number,
  total: number,
  onProgress?: (written: number) => void,
): Promise<void> => {
  for (let offset = 0; offset < total; offset += BATCH_SIZE) {
    const rows = generateCompanies(start + offset, Math.min(BATCH_SIZE, total - offset));
    await db.insert(companies).values(rows).onConflictDoNothing({ target: companies.crefonummer });
    onProgress?.(offset + rows.length);
  }
};

/**
 * Seeds the register on first start: when the table is empty, writes `seedCount`
 * synthetic companies. Returns how many it wrote (0 when the register had rows).
 *
 * @example
 * await seedCompanies(db, config.companySeedCount);
 */
export const seedCompanies = async (db: Db, seedCount: number): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(companies);
  if ((row?.n ?? 0) > 0 || seedCount <= 0) return 0;
  await insertGeneratedCompanies(db, 0, seedCount);
  return seedCount;
};
