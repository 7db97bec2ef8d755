/**
 * The API client the first page carries: a method per call that loads core's full client
 * (the route table's schemas and effect, 25 KB gzip) on the first call and hands the call
 * on. A page that calls nothing (most public pages until their form is sent) never loads it.
 */
import { err, httpFailure, type UserManagementApi } from "@portal/core";
import type { PageReadyTracker } from "../page-ready.js";

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * @example
 * const api = apiOnFirstCall(() => import("../on-demand/decoding.js").then((m) => m.createFullApi(parts)), pageReady);
 */
export const apiOnFirstCall = (
  load: () => Promise<UserManagementApi>,
  pageReady: PageReadyTracker,
): UserManagementApi => {
  let client: Promise<UserManagementApi> | undefined;
  const loaded = (): Promise<UserManagementApi> => {
    if (!client) client = load();
    return client;
  };
  const calls = new Map<string, Call>();
  const callOf = (name: string): Call => {
    const call: Call = (...args) =>
      // The page is not ready while the client's chunk loads (the transport tracks the request).
      pageReady.track(
        loaded().then(
          (api) => (api as unknown as Record<string, Call>)[name]!(...args),
          (e: unknown) => {
            // A chunk that failed to load (offline, a new deployment) is asked for again next time.
            client = undefined;
            const message = e instanceof Error ? e.message : String(e);
            return err(httpFailure({ status: 0, url: name, message }));
          },
        ),
      );
    calls.set(name, call);
    return call;
  };
  // The method names are the route table's, which stays in the loaded chunk: a proxy answers
  // any name with its call. `then` is not a call: the client is not a promise.
  return new Proxy({} as UserManagementApi, {
    get: (_, name) =>
      typeof name !== "string" || name === "then" ? undefined : (calls.get(name) ?? callOf(name)),
  });
};
