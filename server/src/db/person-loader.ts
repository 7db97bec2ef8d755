import { PGlite } from "@electric-sql/pglite";
import { type Clock, systemClock } from "@portal/core";
import { getTableColumns, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Db } from "./client.js";
import { isOpenAccount } from "./open-accounts.js";
import { pendingEmailColumn } from "./pending-email.js";
import { namedStatementClient } from "./pglite-named-statement.js";
import * as schema from "./schema/index.js";
import { type PersonRow, persons } from "./schema/index.js";

/** A person as the loader reads it: the row and the address of an open e-mail change. */
export type LoadedPerson = PersonRow & { readonly pendingEmail: string | null };

/** Reads persons by id for the signed-in caller of each API request. */
export type PersonLoader = (id: string) => Promise<LoadedPerson | undefined>;

// Beyond this many ids a batch is split: one statement stays small and quick to plan.
const MAX_BATCH = 100;

/** Reads the persons with these ids (in any order; unknown ids have no row). */
export type PersonsByIds = (ids: ReadonlyArray<string>) => Promise<ReadonlyArray<LoadedPerson>>;

/** The read of persons by id, for the whole batch: `id = any($1)`. */
const personsByIdsQuery = (db: Db) =>
  db
    .select({
      ...getTableColumns(persons),
      pendingEmail: pendingEmailColumn(sql`${sql.placeholder("now")}::timestamptz`),
    })
    .from(persons)
    // A closed account's bearer tokens find no caller (its sessions ended with the closing).
    .where(sql`${persons.id} = any(${sql.placeholder("ids")}::uuid[]) and ${isOpenAccount}`);

/**
 * On PGlite the same query over a client that keeps it as a named prepared statement of
 * the backend (pglite-named-statement.ts: PGlite's own client parses and plans it anew
 * each time); on PostgreSQL node-postgres prepares it by drizzle's name once per connection.
 */
const onNamedStatement = (db: Db): Db => {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return db;
  const named = namedStatementClient(client, personsByIdsQuery(db).toSQL().sql);
  return drizzlePglite({ client: named as unknown as PGlite, schema }) as unknown as Db;
};

/** One prepared statement for the whole batch: `id = any($1)`. */
export const preparedPersonsByIds = (db: Db, clock: Clock = systemClock): PersonsByIds => {
  const statement = personsByIdsQuery(onNamedStatement(db)).prepare("persons_by_ids");
  return (ids) => statement.execute({ ids, now: clock.now().toISOString() });
};

type Waiting<Row> = {
  readonly resolve: (row: Row | undefined) => void;
  readonly reject: (error: unknown) => void;
};

/**
 * Every authenticated request starts by reading its caller. Reads that arrive within one
 * turn of the event loop go to the database as one statement (`byIds`) instead of one
 * query each: PGlite runs one query at a time, and on PostgreSQL each
 * statement costs a round trip and a pooled connection. A failing read rejects every
 * request of its batch (each answers 503 through the error funnel). Ids must be uuids;
 * `keyOf` names the id a row answers for.
 */
export const createBatchLoader = <Row>(
  byIds: (ids: ReadonlyArray<string>) => Promise<ReadonlyArray<Row>>,
  keyOf: (row: Row) => string,
): ((id: string) => Promise<Row | undefined>) => {
  let pending = new Map<string, Waiting<Row>[]>();

  const run = async (batch: Map<string, Waiting<Row>[]>) => {
    try {
      const rows = await byIds([...batch.keys()]);
      const found = new Map(rows.map((r) => [keyOf(r), r]));
      for (const [id, waiting] of batch) for (const w of waiting) w.resolve(found.get(id));
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  };

  const flush = () => {
    const all = pending;
    pending = new Map();
    let batch = new Map<string, Waiting<Row>[]>();
    for (const [id, waiting] of all) {
      batch.set(id, waiting);
      if (batch.size === MAX_BATCH) {
        void run(batch);
        batch = new Map();
      }
    }
    if (batch.size > 0) void run(batch);
  };

  return (id) =>
    new Promise((resolve, reject) => {
      // setImmediate runs after the poll phase: requests parsed in the same turn join in.
      if (pending.size === 0) setImmediate(flush);
      const waiting = pending.get(id);
      if (waiting) waiting.push({ resolve, reject });
      else pending.set(id, [{ resolve, reject }]);
    });
};

/** The batched reader of persons by id (see {@link createBatchLoader}). */
export const createPersonLoader = (byIds: PersonsByIds): PersonLoader =>
  createBatchLoader(byIds, (row) => row.id);

const loaders = new WeakMap<Db, PersonLoader>();

/** The loader of this database handle (prepared once per handle). */
export const personLoaderFor = (db: Db, clock: Clock): PersonLoader => {
  let loader = loaders.get(db);
  if (!loader) {
    loader = createPersonLoader(preparedPersonsByIds(db, clock));
    loaders.set(db, loader);
  }
  return loader;
};
