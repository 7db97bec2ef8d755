import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox, outboxHtml } from "../mail/outbox-store.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import type { Database } from "./client.js";
import { migrationsFolder } from "./migrations-folder.js";
import { outboxMessages } from "./schema/index.js";

type Rows<T> = { rows: T[] };

describe.each(databases)("migration 0008_outbox_html on $name", (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database?.close());

  it("is in the journal and applied", async () => {
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
    ) as { entries: { idx: number; tag: string }[] };
    // Later migrations follow it: it only has to be there, with its number.
    expect(journal.entries).toContainEqual(
      expect.objectContaining({ idx: 8, tag: "0008_outbox_html" }),
    );
    const applied = (await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as Rows<{ n: number }>;
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
  });

  it("adds a nullable text column html to outbox_messages", async () => {
    const columns = (await database.db.execute(sql`
      select data_type, is_nullable from information_schema.columns
       where table_name = 'outbox_messages' and column_name = 'html'`)) as unknown as Rows<{
      data_type: string;
      is_nullable: string;
    }>;
    expect(columns.rows).toEqual([{ data_type: "text", is_nullable: "YES" }]);
  });

  it("keeps mails stored before it (html null) and stores the HTML part of new ones", async () => {
    // Back to the state before 0008 with one mail in the outbox, then the migration's own SQL.
    await database.db.execute(sql`alter table outbox_messages drop column html`);
    await database.db.execute(sql`
      insert into outbox_messages ("to", subject, text, template)
      values ('old@example.org', 'Old', 'Old text', 'optIn')`);
    const migration = readFileSync(join(migrationsFolder(), "0008_outbox_html.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) {
      await database.db.execute(sql.raw(statement));
    }
    await database.db.insert(outboxMessages).values({
      to: "new@example.org",
      subject: "New",
      text: "New text",
      html: "<p>New</p>",
      template: "optIn",
    });

    const [old] = await listOutbox(database.db, "old@example.org");
    const [fresh] = await listOutbox(database.db, "new@example.org");
    expect(old).toMatchObject({ text: "Old text", html: null });
    expect(fresh).toMatchObject({ text: "New text", html: "<p>New</p>" });
    expect(await outboxHtml(database.db, old!.id)).toBeUndefined();
    expect(await outboxHtml(database.db, fresh!.id)).toBe("<p>New</p>");
    expect(await outboxHtml(database.db, "not-a-uuid")).toBeUndefined();
  });
});
