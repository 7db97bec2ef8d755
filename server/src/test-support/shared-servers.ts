import type { Db } from "../db/client.js";
import { installKeyedHashSecret, loadKeyedHashSecret } from "../security/keyed-hash.js";
import { type DatabaseSnapshot, resetDatabase, snapshotDatabase } from "./database-reset.js";

// One server per kind and database for the whole test worker instead of one per test file:
// the server project runs its files without isolation (vitest.config.ts), so this module's
// pools outlive a file. A file leases a server, finds its database as the server left it
// after starting (database-reset.ts), and gives it back when done. A second lease while the
// first is out (two servers in one file) starts a second server. The servers end with the
// worker; vitest.global-setup.ts removes their databases after the run.

/** What a pooled server must offer to be reset. */
export interface Poolable {
  readonly server: {
    readonly database: { readonly db: Db };
    readonly config: Parameters<typeof loadKeyedHashSecret>[1];
  };
}

interface Pooled<T extends Poolable> {
  readonly value: T;
  readonly snapshot: DatabaseSnapshot;
  busy: boolean;
}

/** A server out of the pool, for one file (or `describe` block). */
export interface Lease<T> {
  readonly value: T;
  /** Back to the pool: the next lease resets its database. */
  release(): void;
  /** The server was stopped (a restart test): it leaves the pool for good. */
  retire(): void;
}

const pools = new Map<string, Array<Pooled<Poolable>>>();

/**
 * A server of kind `key`: an idle one, its database reset, or a new one from `start`.
 *
 * @example
 * const lease = await leaseServer("identity:pglite", () => bootIdentityServer(target));
 * // ... tests ...
 * lease.release();
 */
export const leaseServer = async <T extends Poolable>(
  key: string,
  start: () => Promise<T>,
): Promise<Lease<T>> => {
  let pool = pools.get(key);
  if (!pool) {
    pool = [];
    pools.set(key, pool);
  }
  let entry = pool.find((p) => !p.busy) as Pooled<T> | undefined;
  if (entry) {
    entry.busy = true;
    await resetDatabase(entry.value.server.database.db, entry.snapshot);
  } else {
    const value = await start();
    entry = { value, snapshot: await snapshotDatabase(value.server.database.db), busy: true };
    pool.push(entry);
  }
  const { server } = entry.value;
  // The keyed-hash secret is process-wide: another server of this worker (or a test of the
  // hash itself) may have installed its own since this one started.
  installKeyedHashSecret(await loadKeyedHashSecret(server.database.db, server.config));
  const leased = entry;
  return {
    value: leased.value,
    release: () => {
      leased.busy = false;
    },
    retire: () => {
      const list = pools.get(key) ?? [];
      list.splice(list.indexOf(leased), 1);
    },
  };
};
