import type { Db } from "./client.js";

/**
 * A statement built by `build` once per database and kept for its life (drizzle's
 * `.prepare(name)`): hot statements skip drizzle's SQL building on every request, and
 * node-postgres parses a named one once per connection (issue 48).
 *
 * @example
 * const statementOf = preparedPerDatabase((db) => db.select().from(t).where(eq(t.id, sql.placeholder("id"))).prepare("t_by_id"));
 * const rows = await statementOf(db).execute({ id });
 */
export const preparedPerDatabase = <Statement>(
  build: (db: Db) => Statement,
): ((db: Db) => Statement) => {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    const known = built.get(db);
    if (known !== undefined) return known;
    const statement = build(db);
    built.set(db, statement);
    return statement;
  };
};
