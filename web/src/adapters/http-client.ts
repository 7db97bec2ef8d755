import { CORRELATION_ID_HEADER } from "@portal/contracts";
import {
  type ApiRequest,
  type ApiResponse,
  type ApiTransport,
  err,
  type HttpFailure,
  httpFailure,
  type IdentitySession,
  ok,
  type Result,
  retryAfterSeconds,
} from "@portal/core";
import type { PageReadyTracker } from "../app/page-ready.js";

export interface FetchTransportDeps {
  /** Origin of the API; empty for the same origin. */
  readonly baseUrl: string;
  /**
   * Base URLs of route prefixes served elsewhere, for example the smart-signup service's
   * (`/api/gatinator/smart-signup` -> its configured URL).
   */
  readonly bases?: Readonly<Record<string, string>>;
  readonly identity: IdentitySession;
  readonly pageReady?: PageReadyTracker;
  readonly fetch?: typeof fetch;
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
 * The web app's transport for core's API client: the bearer token (refreshed when fewer
 * than 10 s remain), the entry's content type, and the `correlationid` header of every
 * failure. The client decodes the answers; its `onFailure` is the app's one error funnel
 * (see the container).
 */
export class FetchTransport implements ApiTransport {
  readonly #fetch: typeof fetch;

  constructor(private readonly deps: FetchTransportDeps) {
    this.#fetch = deps.fetch ?? ((input, init) => fetch(input, init));
  }

  send(request: ApiRequest): Promise<Result<ApiResponse, HttpFailure>> {
    const work = this.#send(request);
    return this.deps.pageReady ? this.deps.pageReady.track(work) : work;
  }

  #url({ route, path }: ApiRequest): string {
    const base = this.deps.bases?.[route.prefix];
    return base !== undefined
      ? base.replace(/\/+$/, "") + path
      : this.deps.baseUrl + route.prefix + path;
  }

  async #send(request: ApiRequest): Promise<Result<ApiResponse, HttpFailure>> {
    const { route, body } = request;
    const url = this.#url(request);
    const headers: Record<string, string> = { ...request.headers, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = route.contentType ?? "application/json";
    const needsToken = route.auth !== "none";
    if (needsToken || this.deps.identity.isAuthenticated()) {
      const token = await this.deps.identity.token();
      if (token) headers.authorization = `Bearer ${token}`;
      else if (needsToken) return err(httpFailure({ status: 401, url, message: "not signed in" }));
    }
    let res: Response;
    try {
      res = await this.#fetch(url, {
        method: route.method,
        headers,
        // The caller's signal is the browser's own AbortSignal (core types only its flag).
        ...(request.signal ? { signal: request.signal as AbortSignal } : {}),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (e) {
      return err(
        httpFailure({ status: 0, url, message: e instanceof Error ? e.message : String(e) }),
      );
    }
    const answer = await parseBody(res);
    if (res.ok) return ok({ status: res.status, body: answer, headers: res.headers });
    return err(
      httpFailure({
        status: res.status,
        url,
        body: answer,
        correlationId: res.headers.get(CORRELATION_ID_HEADER),
        logId: res.headers.get("log_id"),
        retryAfterSeconds: retryAfterSeconds(res.headers.get("retry-after")),
      }),
    );
  }
}
