/**
 * A failed HTTP call as adapters report it to the core: the status (0 when the
 * server was not reached), the parsed body, and the headers the spec reads.
 */
export interface HttpFailure {
  readonly _tag: "HttpFailure";
  readonly status: number;
  readonly url: string;
  /** Parsed JSON body, raw text, or null. */
  readonly body: unknown;
  /** Response header `correlationid`. */
  readonly correlationId: string | null;
  /** Response header `log_id`, the fallback log id. */
  readonly logId: string | null;
  /** Transport-level text (for example a network error), when there is no body. */
  readonly message: string | null;
  /** Response header `Retry-After` in seconds (a 429's wait), or null. */
  readonly retryAfterSeconds: number | null;
}

/** Builds an {@link HttpFailure} with defaults for the optional parts. */
export const httpFailure = (
  f: Partial<Omit<HttpFailure, "_tag">> & Pick<HttpFailure, "status" | "url">,
): HttpFailure => ({
  _tag: "HttpFailure",
  body: null,
  correlationId: null,
  logId: null,
  message: null,
  retryAfterSeconds: null,
  ...f,
});

/**
 * The seconds of a `Retry-After` header in its delta-seconds form (the form the portal's
 * server sends); null for none, an HTTP date or anything else.
 *
 * @example
 * retryAfterSeconds("2100"); // 2100
 * retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT"); // null
 */
export const retryAfterSeconds = (header: string | null | undefined): number | null => {
  const value = header?.trim() ?? "";
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
};
