/**
 * A stand-in for a port whose module is not loaded yet: it loads the real port on the first
 * call and hands every call on. For core's full API client (its schemas and effect, 25 KB
 * gzip, loaded with the first API call) and the ports the container binds before it is built
 * (services-on-first-use.ts). Every method answers a result with an HTTP failure: a module
 * that does not load answers as a request that got no answer (status 0).
 */
import { err, httpFailure } from "@portal/core";
import type { PageReadyTracker } from "./page-ready.js";

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * @example
 * const api = onFirstCall(() => import("./on-demand/decoding.js").then((m) => m.createFullApi(parts)), pageReady);
 */
export const onFirstCall = <T extends object>(
  load: () => Promise<T>,
  pageReady: PageReadyTracker,
): T => {
  let port: Promise<T> | undefined;
  const loaded = (): Promise<T> => {
    if (!port) port = load();
    return port;
  };
  const calls = new Map<string, Call>();
  const callOf = (name: string): Call => {
    const call: Call = (...args) =>
      // The page is not ready while the port's chunk loads (the transport tracks the request).
      pageReady.track(
        loaded().then(
          (real) => (real as unknown as Record<string, Call>)[name]!(...args),
          (e: unknown) => {
            // A chunk that failed to load (offline, a new deployment) is asked for again next time.
            port = undefined;
            const message = e instanceof Error ? e.message : String(e);
            return err(httpFailure({ status: 0, url: name, message }));
          },
        ),
      );
    calls.set(name, call);
    return call;
  };
  // The method names are the port's, which stays in the loaded chunk (the API's route
  // table): a proxy answers any name with its call. `then` is not a call: the stand-in is
  // not a promise.
  return new Proxy({} as T, {
    get: (_, name) =>
      typeof name !== "string" || name === "then" ? undefined : (calls.get(name) ?? callOf(name)),
  });
};
