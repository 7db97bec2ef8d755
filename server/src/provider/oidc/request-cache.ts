import { AsyncLocalStorage } from "node:async_hooks";

// One sign-in request reads the same rows more than once: oidc-provider loads the
// interaction again to store its result, the token endpoint reads the session twice and
// the person for the ID token and again for the access token. Each request to the provider
// or its pages runs with a cache of its own reads; it lives as long as the request, so
// the nodes stay stateless (the next step may go to another node, which reads afresh).
// A write through the same code forgets what it changed (see drizzle-adapter.ts).

const store = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** The keys of the provider's artifact reads start so (drizzle-adapter.ts). */
export const ARTIFACT_READS = "artifact:";

/** The key of a read of `model`'s artifacts (`id:<id>`, `uid:<uid>`), or of all of them. */
export const artifactRead = (model: string, what = ""): string =>
  `${ARTIFACT_READS}${model}:${what}`;

/** Runs `fn` (one request) with an empty read cache. */
export const withRequestCache = <T>(fn: () => T): T => store.run(new Map(), fn);

/**
 * `load()`'s answer for `key`, read once per request: later calls get a copy of the first
 * answer (callers may change what they got). Outside a request it simply loads.
 */
export const readOnce = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
  const cache = store.getStore();
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
  store.getStore()?.set(key, Promise.resolve(structuredClone(value)));
};

/** Forgets the reads whose key starts with `prefix` (after a write to them). */
export const forgetReads = (prefix = ""): void => {
  const cache = store.getStore();
  if (!cache) return;
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
};
