import { type ApiRoute, apiPath, CORRELATION_ID_HEADER } from "@portal/contracts";
import {
  type Analytics,
  type ApiResult,
  err,
  type HttpFailure,
  httpFailure,
  type IdentitySession,
  ok,
  reportableError,
} from "@portal/core";
import * as Schema from "effect/Schema";
import type { PageReadyTracker } from "../app/page-ready.js";

export interface HttpClientDeps {
  /** Origin of the API; empty for the same origin. */
  readonly baseUrl: string;
  readonly identity: IdentitySession;
  readonly analytics: Analytics;
  readonly pageReady?: PageReadyTracker;
  readonly fetch?: typeof fetch;
}

export interface RequestOptions {
  readonly params?: Record<string, string>;
  readonly body?: unknown;
  /** Full URL instead of `baseUrl + route path` (the smart-signup service may live elsewhere). */
  readonly url?: string;
  /** Extra request headers (e.g. `if-match`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sees the headers of a successful answer (e.g. its `etag`). */
  readonly onSuccessHeaders?: (headers: Headers) => void;
}

const parseBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The one HTTP layer of the web app: bearer token (refreshed when fewer than 10 s
 * remain), `application/json-patch+json` for patches, the `correlationid` header read
 * from every answer, responses decoded with the contracts' schemas, and every failure
 * reported to analytics through core's `reportableError`.
 */
export class HttpClient {
  readonly #fetch: typeof fetch;

  constructor(private readonly deps: HttpClientDeps) {
    this.#fetch = deps.fetch ?? ((input, init) => fetch(input, init));
  }

  request<T>(route: ApiRoute, options: RequestOptions = {}): ApiResult<T> {
    const work = this.#send<T>(route, options);
    return this.deps.pageReady ? this.deps.pageReady.track(work) : work;
  }

  async #send<T>(route: ApiRoute, options: RequestOptions): ApiResult<T> {
    const url = options.url ?? this.deps.baseUrl + apiPath(route, options.params);
    const headers: Record<string, string> = { ...options.headers, accept: "application/json" };
    if (options.body !== undefined)
      headers["content-type"] = route.contentType ?? "application/json";
    const needsToken = route.auth === "bearer";
    if (needsToken || this.deps.identity.isAuthenticated()) {
      const token = await this.deps.identity.token();
      if (token) headers.authorization = `Bearer ${token}`;
      else if (needsToken)
        return this.#fail(httpFailure({ status: 401, url, message: "not signed in" }));
    }
    let res: Response;
    try {
      res = await this.#fetch(url, {
        method: route.method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
    } catch (e) {
      return this.#fail(
        httpFailure({ status: 0, url, message: e instanceof Error ? e.message : String(e) }),
      );
    }
    const correlationId = res.headers.get(CORRELATION_ID_HEADER);
    const logId = res.headers.get("log_id");
    const body = await parseBody(res);
    if (!res.ok)
      return this.#fail(httpFailure({ status: res.status, url, body, correlationId, logId }));
    options.onSuccessHeaders?.(res.headers);
    if (!route.response || res.status === 204) return ok(undefined as T);
    const decoded = Schema.decodeUnknownOption(route.response as Schema.Codec<T, unknown>)(body);
    if (decoded._tag === "None")
      return this.#fail(
        httpFailure({
          status: res.status,
          url,
          body,
          correlationId,
          logId,
          message: "unexpected response",
        }),
      );
    return ok(decoded.value);
  }

  #fail(failure: HttpFailure): ApiResult<never> {
    this.deps.analytics.reportError(reportableError(failure));
    return Promise.resolve(err(failure));
  }
}
