import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databases, openTestDatabase } from "../test-support/databases.js";
import type { Db } from "./client.js";
import { identityArtifacts } from "./schema/identity.js";
import { statementTemplate } from "./statement-template.js";

const row = {
  payload: sql.placeholder("payload"),
  accountId: sql.placeholder("accountId"),
  expiresAt: sql.placeholder("expiresAt"),
};
const upsert = statementTemplate<"idHash" | "payload" | "accountId" | "expiresAt">((db) =>
  db
    .insert(identityArtifacts)
    .values({ model: "Template", idHash: sql.placeholder("idHash"), ...row })
    .onConflictDoUpdate({
      target: [identityArtifacts.model, identityArtifacts.idHash],
      set: row as unknown as Partial<typeof identityArtifacts.$inferInsert>,
    }),
);

const readBack = async (db: Db, idHash: string) => {
  const [found] = await db
    .select()
    .from(identityArtifacts)
    .where(and(eq(identityArtifacts.model, "Template"), eq(identityArtifacts.idHash, idHash)));
  return found;
};

describe.each(databases)("statementTemplate on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database.close());

  it("writes what drizzle's own builder writes: a JSON object, a date, a null", async () => {
    const { db } = database;
    const expiresAt = new Date("2026-11-29T18:00:00.000Z");
    const payload = { kind: "Session", nested: { list: [1, "two"] }, text: "it's $1" };
    await db.execute(upsert(db, { idHash: "a", payload, accountId: null, expiresAt }));
    const stored = await readBack(db, "a");
    expect(stored?.payload).toEqual(payload);
    expect(stored?.accountId).toBeNull();
    expect(stored?.expiresAt?.toISOString()).toBe(expiresAt.toISOString());

    // The same statement again: the conflict replaces the row with the new values.
    await db.execute(
      upsert(db, { idHash: "a", payload: { kind: "Later" }, accountId: "p", expiresAt: null }),
    );
    const replaced = await readBack(db, "a");
    expect(replaced?.payload).toEqual({ kind: "Later" });
    expect(replaced?.accountId).toBe("p");
    expect(replaced?.expiresAt).toBeNull();
  });

  it("stands in a WITH clause beside another, as the held writes are sent", async () => {
    const { db } = database;
    const first = upsert(db, { idHash: "b", payload: { n: 1 }, accountId: null, expiresAt: null });
    const second = upsert(db, { idHash: "c", payload: { n: 2 }, accountId: null, expiresAt: null });
    await db.execute(sql`with w0 as (${first}), w1 as (${second}) select 1`);
    expect((await readBack(db, "b"))?.payload).toEqual({ n: 1 });
    expect((await readBack(db, "c"))?.payload).toEqual({ n: 2 });
  });
});

describe("statementTemplate", () => {
  it("renders the builder once, however often it is used", () => {
    let built = 0;
    const template = statementTemplate<"id">(() => {
      built++;
      return { toSQL: () => ({ sql: "delete where id = $1", params: [sql.placeholder("id")] }) };
    });
    template({} as Db, { id: "x" });
    template({} as Db, { id: "y" });
    expect(built).toBe(1);
  });

  it("refuses a rendering whose parameters are not numbered in order", () => {
    const template = statementTemplate<"a" | "b">(() => ({
      toSQL: () => ({
        sql: "delete where a = $2 and b = $1",
        params: [sql.placeholder("a"), sql.placeholder("b")],
      }),
    }));
    expect(() => template({} as Db, { a: 1, b: 2 })).toThrow("parameters out of order");
  });

  it("refuses a missing value by its name", () => {
    const template = statementTemplate<"id">(() => ({
      toSQL: () => ({ sql: "delete where id = $1", params: [sql.placeholder("id")] }),
    }));
    expect(() => template({} as Db, {} as { id: string })).toThrow('no value for "id"');
  });
});
