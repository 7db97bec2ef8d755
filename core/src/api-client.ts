import {
  API_CALLS,
  type ApiAnswer,
  type ApiArgs,
  type ApiCallName,
  type ApiCallRoute,
  type ApiCalls,
  fillPath,
  type PlainSchema,
  pathParamNames,
} from "@portal/contracts";
import * as Schema from "effect/Schema";
import { type HttpFailure, httpFailure } from "./http-failure.js";
import type { ApiTransport, CancelSignal } from "./ports/api-transport.port.js";
import { err, ok, type Result } from "./result.js";

// The one typed client of the route table: every call of API_CALLS becomes a method
// whose arguments (path parameters, query, body) and answer come from its entry. Web and
// CLI give it their transport; neither restates a path, a method or a schema.

/**
 * What a caller may add after a call's arguments. `signal` cancels the request: a page
 * that no longer wants the answer (its term changed, it was left) aborts it, and the
 * call answers a failure with status 0 that no one is told about (see `onFailure`).
 */
export interface ApiCallOptions {
  readonly signal?: CancelSignal;
}

/**
 * One call of the client: the entry's path parameters, query and body in (then, optionally,
 * {@link ApiCallOptions}); its decoded answer, or why there is none, out.
 */
export type ApiCall<R extends ApiCallRoute, F = never> = (
  ...args: [...ApiArgs<R>, options?: ApiCallOptions]
) => Promise<Result<ApiAnswer<R>, HttpFailure | F>>;

/** A method per entry of the route table. */
export type ApiClient<F = never> = { readonly [K in ApiCallName]: ApiCall<ApiCalls[K], F> };

export interface ApiClientOptions {
  /**
   * Sees every failure the client answers (the web app reports them to analytics), but
   * that of a call its caller cancelled: nothing went wrong there.
   */
  readonly onFailure?: (failure: HttpFailure) => void;
  /**
   * Says why an answer does not match its schema (the CLI prints it). Optional because
   * Schema's issue formatter costs the web app's first page about 0.3 KB gzip.
   */
  readonly mismatchReason?: (schema: PlainSchema, body: unknown) => string;
}

const isHttpFailure = (e: unknown): e is HttpFailure =>
  typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "HttpFailure";

/**
 * Splits positional arguments into path parameters, query and body, as {@link ApiArgs}
 * orders them, and the call's options after them.
 */
const requestParts = (r: ApiCallRoute, args: ReadonlyArray<unknown>) => {
  const names = pathParamNames(r.path);
  const params = Object.fromEntries(names.map((name, i) => [name, String(args[i])]));
  let next = names.length;
  const query = r.query ? (args[next++] as Record<string, string>) : undefined;
  const body = r.request ? args[next++] : undefined;
  const options = args[next] as ApiCallOptions | undefined;
  const pairs = Object.entries(query ?? {}).map(
    ([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
  );
  const search = pairs.length ? `?${pairs.join("&")}` : "";
  return { path: fillPath(r.path, params) + search, body, signal: options?.signal };
};

/**
 * The client over a transport. It keeps the `ETag` of a resource whose entry names one
 * (the person) and sends it as `If-Match` with the next write of that resource, so a form
 * loaded before another window's save answers 412 instead of undoing that save.
 *
 * @example
 * const api = createApiClient(fetchTransport, { onFailure: (f) => analytics.reportError(reportableError(f)) });
 * const me = await api.getMe();
 */
export const createApiClient = <F = never>(
  transport: ApiTransport<F>,
  options: ApiClientOptions = {},
): ApiClient<F> => {
  const etags = new Map<string, string>();
  const fail = (failure: HttpFailure | F, signal?: CancelSignal) => {
    if (isHttpFailure(failure) && !signal?.aborted) options.onFailure?.(failure);
    return err(failure);
  };

  const call = async (r: ApiCallRoute, args: ReadonlyArray<unknown>) => {
    const { path, body, signal } = requestParts(r, args);
    const etag = r.etag && r.method !== "GET" ? etags.get(r.etag) : undefined;
    const sent = await transport.send({
      route: r,
      path,
      ...(body === undefined ? {} : { body }),
      headers: etag ? { "if-match": etag } : {},
      ...(signal ? { signal } : {}),
    });
    if (!sent.ok) return fail(sent.error, signal);
    const answer = sent.value;
    if (r.etag) {
      const next = answer.headers.get("etag");
      if (next) etags.set(r.etag, next);
      else etags.delete(r.etag);
    }
    if (!r.response || answer.status === 204) return ok(undefined);
    const decoded = Schema.decodeUnknownOption(r.response)(answer.body);
    if (decoded._tag === "Some") return ok(decoded.value);
    // A success the contracts do not describe: a failure (with the schema's reason if asked).
    const reason = options.mismatchReason?.(r.response, answer.body);
    return fail(
      httpFailure({
        status: answer.status,
        url: r.prefix + path,
        body: answer.body,
        correlationId: answer.headers.get("correlationid"),
        logId: answer.headers.get("log_id"),
        message: reason ? `unexpected response: ${reason}` : "unexpected response",
      }),
    );
  };

  const client: Record<string, (...args: unknown[]) => unknown> = {};
  for (const [name, r] of Object.entries(API_CALLS) as Array<[string, ApiCallRoute]>)
    client[name] = (...args) => call(r, args);
  return client as unknown as ApiClient<F>;
};
