import { AsyncLocalStorage } from "node:async_hooks";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.js";

// One sign-in request reads the same rows more than once: oidc-provider loads the
// interaction again to store its result, the token endpoint reads the session twice and
// the person for the ID token and again for the access token. Each request to the provider
// or its pages runs with a cache of its own reads; it lives as long as the request, so
// the nodes stay stateless (the next step may go to another node, which reads afresh).
// A write through the same code forgets what it changed (see drizzle-adapter.ts).

// The request's writes are held too (issue 48): the provider writes a request's rows one
// by one (the resumed authorization: the interaction destroyed, the code, the session, its
// device), and they go to the database together, in one statement, before the answer
// (flushHeldWrites at the end of every provider and sign-in-page request), or before
// anything of this request reads the database's artifacts again. One statement is one
// transaction: they land all or none, and a failure is the request's failure.

interface RequestScope {
  readonly reads: Map<string, Promise<unknown>>;
  /** Held writes by the row they change; at most one per row. */
  readonly held: Map<string, SQL>;
  db?: Db | undefined;
  /** The statement of the last flush, while it runs. */
  flushing: Promise<void>;
}

const store = new AsyncLocalStorage<RequestScope>();

/** The keys of the provider's artifact reads start so (drizzle-adapter.ts). */
export const ARTIFACT_READS = "artifact:";

/** The key of a read of `model`'s artifacts (`id:<id>`, `uid:<uid>`), or of all of them. */
export const artifactRead = (model: string, what = ""): string =>
  `${ARTIFACT_READS}${model}:${what}`;

/** Runs `fn` (one request) with an empty read cache. */
export const withRequestCache = <T>(fn: () => T): T =>
  store.run({ reads: new Map(), held: new Map(), flushing: Promise.resolve() }, fn);

/**
 * `load()`'s answer for `key`, read once per request: later calls get a copy of the first
 * answer (callers may change what they got). Outside a request it simply loads.
 */
export const readOnce = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
  const cache = store.getStore()?.reads;
  if (!cache) return load();
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return structuredClone(await pending);
};

/** Records `value` as this request's read of `key` (a query that also read it). */
export const rememberRead = <T>(key: string, value: T): void => {
  store.getStore()?.reads.set(key, Promise.resolve(structuredClone(value)));
};

/** Forgets the reads whose key starts with `prefix` (after a write to them). */
export const forgetReads = (prefix = ""): void => {
  const cache = store.getStore()?.reads;
  if (!cache) return;
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
};

/**
 * Holds write `statement` (one that may stand in a WITH clause) until the request's
 * answer; `row` names the row it changes. A second write to the same row, or to another
 * database, first sends what is held, so the writes keep their order. False outside a
 * request: the caller writes at once.
 */
export const holdWrite = async (db: Db, row: string, statement: SQL): Promise<boolean> => {
  const scope = store.getStore();
  if (!scope) return false;
  if (scope.held.has(row) || (scope.db && scope.db !== db)) await flushHeldWrites();
  scope.db = db;
  scope.held.set(row, statement);
  return true;
};

/** Whether this request holds writes not yet sent. */
export const holdsWrites = (): boolean => (store.getStore()?.held.size ?? 0) > 0;

/**
 * Sends the request's held writes in one statement (data-modifying CTEs) and waits until
 * they, and any sent before, are done. Nothing held, nothing sent.
 */
export const flushHeldWrites = async (): Promise<void> => {
  const scope = store.getStore();
  if (!scope) return;
  const { db } = scope;
  if (db && scope.held.size > 0) {
    const writes = [...scope.held.values()];
    scope.held.clear();
    scope.db = undefined;
    const statement =
      writes.length === 1
        ? (writes[0] as SQL)
        : sql`with ${sql.join(
            writes.map((write, i) => sql`${sql.raw(`held_${i}`)} as (${write})`),
            sql`, `,
          )} select 1`;
    const previous = scope.flushing;
    scope.flushing = previous.then(async () => {
      await db.execute(statement);
    });
  }
  await scope.flushing;
};
