import type { ErrorCode, ErrorEntry } from "@portal/contracts";

/** Statuses the API answers errors with (issue 3). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 500 | 503;

/**
 * An expected failure of a request: the funnel turns it into an `ErrorBody` with `status`.
 * Routes throw it (or return it from a rule) instead of writing error responses themselves.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: ErrorStatus,
    readonly entries: ReadonlyArray<ErrorEntry>,
    /** Extra response headers, e.g. retry-after. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(entries.map((e) => e.errorCode).join(","));
  }
}

/**
 * Builds an {@link ApiError} with one entry.
 *
 * @example
 * throw apiError(400, "PASSWORD_TOO_SHORT", "newPassword");
 */
export const apiError = (status: ErrorStatus, errorCode: ErrorCode, field?: string): ApiError =>
  new ApiError(status, [field === undefined ? { errorCode } : { errorCode, field }]);

/** An {@link ApiError} with several entries (e.g. every invalid field of a form). */
export const apiErrors = (status: ErrorStatus, entries: ReadonlyArray<ErrorEntry>): ApiError =>
  new ApiError(status, entries);
