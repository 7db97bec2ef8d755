import { count, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, companyWordKeys, companyWords } from "../db/schema/companies.js";
import { type GeneratedCompany, generateCompanies } from "./generator.js";

// Rows per statement: one array parameter per column, so the size is free of
// PostgreSQL's 65 535-parameter limit; 5 000 keeps each statement's memory small.
const BATCH_SIZE = 5_000;

// One array per column, unnested into rows by the database: several times faster than a
// multi-row VALUES list on PGlite, and the same statement on PostgreSQL. The triggers on
// companies write the batch's posting lists (company_words) within the same statement.
const insertBatch = async (db: Db, rows: readonly GeneratedCompany[]): Promise<void> => {
  const column = <T>(pick: (row: GeneratedCompany) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    insert into ${companies} (crefonummer, name, legal_form, city, postal_code, country_code,
      representatives, name_search, name_length)
    select * from unnest(
      ${column((r) => r.crefonummer)}::text[], ${column((r) => r.name)}::text[],
      ${column((r) => r.legalForm)}::text[], ${column((r) => r.city)}::text[],
      ${column((r) => r.postalCode)}::text[], ${column((r) => r.countryCode)}::text[],
      ${column((r) => JSON.stringify(r.representatives))}::jsonb[],
      ${column((r) => r.nameSearch)}::text[], ${column((r) => r.nameLength)}::smallint[])
    on conflict (crefonummer) do nothing`);
};

/**
 * Inserts the synthetic companies with indexes `start` .. `start + total - 1` in batches;
 * an existing crefonummer is left as it is, so a fill can be resumed.
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
    await insertBatch(db, rows);
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
  // Statistics for the planner, and a visibility map that keeps the suggestions' walks
  // index-only: PGlite has no autovacuum to do it later (half a second for 50 000).
  await db.execute(sql`vacuum (analyze) ${companies}, ${companyWords}, ${companyWordKeys}`);
  return seedCount;
};
