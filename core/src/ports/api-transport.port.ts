import type { ApiCallRoute } from "@portal/contracts";
import type { HttpFailure } from "../http-failure.js";
import type { Result } from "../result.js";

/**
 * The part of the platform's `AbortSignal` core reads (core is typed without the DOM or
 * Node): a transport hands the caller's signal, the platform's own, to its HTTP client.
 */
export interface CancelSignal {
  readonly aborted: boolean;
}

/**
 * One request of the API client, built from a route table entry: the transport adds
 * the origin (by `route.prefix`), the bearer token (by `route.auth`) and sends it.
 */
export interface ApiRequest {
  readonly route: ApiCallRoute;
  /** The path below `route.prefix`, parameters filled, query string appended. */
  readonly path: string;
  /** Already JSON-encodable; sent with `route.contentType` or `application/json`. */
  readonly body?: unknown;
  /** Extra request headers (for example `if-match`). */
  readonly headers: Readonly<Record<string, string>>;
  /** Cancels the request (the caller no longer wants its answer): a failure with status 0. */
  readonly signal?: CancelSignal;
}

/** A 2xx answer as the transport received it: status, parsed body (or null) and headers. */
export interface ApiResponse {
  readonly status: number;
  readonly body: unknown;
  readonly headers: { get(name: string): string | null };
}

/**
 * Sends one request: the only part of the API client that web and CLI each write
 * (fetch with their origin, auth and timeouts). A non-2xx answer or no answer at all is
 * an {@link HttpFailure}; `F` is what else the transport may refuse with (the CLI's "no
 * support sign-in"); the web transport has none.
 */
export interface ApiTransport<F = never> {
  send(request: ApiRequest): Promise<Result<ApiResponse, HttpFailure | F>>;
}
