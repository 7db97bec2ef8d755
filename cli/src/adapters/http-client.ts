import { CORRELATION_ID_HEADER, type HttpMethod } from "@portal/contracts";
import {
  type ApiResponse,
  err,
  type HttpFailure,
  httpFailure,
  ok,
  type Result,
} from "@portal/core";
import * as Schema from "effect/Schema";

/** Marker in `HttpFailure.message` for a request that got no answer in time. */
export const TIMEOUT_REASON = "timeout";

/** How long the CLI waits for an answer before it says the portal did not answer. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** One request of the CLI, relative to the portal's base URL. */
export interface HttpRequest {
  readonly method: HttpMethod;
  /** Path below the base URL, with its query string. */
  readonly path: string;
  readonly body?: unknown;
  readonly contentType?: string;
  readonly bearer?: string | null;
  /** Extra request headers (for example `if-match`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A schema that decodes without services. */
export type ResponseSchema<T> = Schema.Decoder<T>;

/** The `fetch` the client calls, injected so tests can stand in a fake. */
export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

// Node puts the reason of a failed connection in `cause` (ECONNREFUSED, ENOTFOUND ...).
const networkReason = (error: unknown): string => {
  if (error instanceof Error && error.name === "TimeoutError") return TIMEOUT_REASON;
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : null;
  if (cause && typeof cause.message === "string" && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The one HTTP layer of the CLI: sends a request to the portal and answers a
 * decoded value or an {@link HttpFailure} (status 0 when the portal was not reached).
 */
export class HttpClient {
  constructor(
    /** The portal's base URL, for example `http://localhost:8080`. */
    readonly baseUrl: string,
    private readonly fetchFn: FetchFn,
    private readonly timeoutMs: number = DEFAULT_TIMEOUT_MS,
  ) {}

  /** The absolute URL of a path. */
  url(path: string): string {
    return new URL(path, `${this.baseUrl.replace(/\/+$/, "")}/`).href;
  }

  /** Sends the request: a 2xx answer with its parsed body, else the failure. */
  async exchange(request: HttpRequest): Promise<Result<ApiResponse, HttpFailure>> {
    const url = this.url(request.path);
    const headers: Record<string, string> = { ...request.headers, accept: "application/json" };
    if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
    if (request.body !== undefined)
      headers["content-type"] = request.contentType ?? "application/json";
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      return err(httpFailure({ status: 0, url, message: networkReason(error) }));
    }
    const body = await readBody(response).catch(() => null);
    if (response.ok) return ok({ status: response.status, body, headers: response.headers });
    return err(
      httpFailure({
        status: response.status,
        url,
        body,
        correlationId: response.headers.get(CORRELATION_ID_HEADER),
        logId: response.headers.get("log_id"),
      }),
    );
  }

  /** Sends the request; decodes a success with `schema` (a 204 or no schema gives null). */
  async send<T>(
    request: HttpRequest,
    schema?: ResponseSchema<T>,
  ): Promise<Result<T | null, HttpFailure>> {
    const answered = await this.exchange(request);
    if (!answered.ok) return answered;
    const { status, body, headers } = answered.value;
    if (!schema || status === 204) return ok(null);
    const decoded = Schema.decodeUnknownResult(schema)(body);
    if (decoded._tag === "Success") return ok(decoded.success);
    // A success the contracts do not describe: report it with the schema's reason.
    return err(
      httpFailure({
        status,
        url: this.url(request.path),
        body,
        correlationId: headers.get(CORRELATION_ID_HEADER),
        logId: headers.get("log_id"),
        message: `unexpected answer: ${decoded.failure.message}`,
      }),
    );
  }

  /** Like {@link send}, for calls whose success always carries a body. */
  async fetch<T>(request: HttpRequest, schema: ResponseSchema<T>): Promise<Result<T, HttpFailure>> {
    const result = await this.send(request, schema);
    if (!result.ok) return result;
    if (result.value === null)
      return err(
        httpFailure({
          status: 204,
          url: this.url(request.path),
          message: "unexpected answer: no body",
        }),
      );
    return ok(result.value);
  }
}
