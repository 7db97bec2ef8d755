import { is, Param, Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.js";

/** A query builder's statement, rendered to text once (drizzle's insert, update, delete). */
interface Renderable {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The statement of `build`, with named placeholders (`sql.placeholder`), rendered to text
 * once; each call fills in `values` only and gives SQL that renders without walking a query
 * builder again. For the writes a request holds and sends together (request-cache.ts):
 * drizzle renders a builder anew every time, asking `is()` of every chunk and mapping every
 * column, and those renderings were about a tenth of a password sign-in's main thread
 * (issue 48). Values go through their columns' mapping as drizzle's own would (a JSON
 * column's object to text, a date to ISO text; null stays null).
 *
 * @example
 * const clearFailures = statementTemplate((db) =>
 *   db.delete(t).where(eq(t.subjectHash, sql.placeholder("subject"))),
 * );
 * await db.execute(clearFailures(db, { subject }));
 */
export const statementTemplate = <Name extends string>(
  build: (db: Db) => Renderable,
): ((db: Db, values: Readonly<Record<Name, unknown>>) => SQL) => {
  let rendered: { readonly parts: string[]; readonly params: unknown[] } | undefined;
  return (db, values) => {
    rendered ??= render(build(db));
    const filled = rendered.params.map((param) => fill(param, values));
    return sql(rendered.parts as unknown as TemplateStringsArray, ...filled);
  };
};

/**
 * A placeholder for each name, by name: the values of a template's insert or update set.
 *
 * @example
 * db.insert(t).values({ ...placeholdersFor(["id", "payload"]) });
 */
export const placeholdersFor = <const Name extends string>(
  names: readonly Name[],
): Record<Name, Placeholder<Name>> =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<
    Name,
    Placeholder<Name>
  >;

const render = (builder: Renderable) => {
  const { sql: text, params } = builder.toSQL();
  const parts = text.split(/\$\d+/);
  const numbers = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  if (parts.length !== params.length + 1 || numbers.some((n, i) => n !== i + 1)) {
    throw new Error(`statement template: parameters out of order in ${text}`);
  }
  return { parts, params };
};

const fill = (param: unknown, values: Readonly<Record<string, unknown>>): unknown => {
  if (is(param, Placeholder)) return placeholderValue(param, values);
  if (is(param, Param) && is(param.value, Placeholder)) {
    const value = placeholderValue(param.value, values);
    return value === null ? null : param.encoder.mapToDriverValue(value);
  }
  return param;
};

const placeholderValue = (
  placeholder: Placeholder,
  values: Readonly<Record<string, unknown>>,
): unknown => {
  if (!(placeholder.name in values)) {
    throw new Error(`statement template: no value for "${placeholder.name}"`);
  }
  return values[placeholder.name];
};
