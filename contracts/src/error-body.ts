import * as Schema from "effect/Schema";
import { ERROR_CODES } from "./error-codes.js";

/**
 * One entry of an error response. `errorCode` is a code of the catalogue;
 * `message` is free text for logs and fallbacks; `field` names the input at fault.
 *
 * @example
 * const entry: ErrorEntry = { errorCode: "PASSWORD_TOO_SHORT", field: "newPassword" };
 */
// Pure: a bundle that never decodes an error body (the web app) leaves these out.
export const ErrorEntry = /* @__PURE__ */ Schema.Struct({
  errorCode: Schema.Literals(ERROR_CODES),
  message: Schema.optionalKey(Schema.String),
  field: Schema.optionalKey(Schema.String),
});
export type ErrorEntry = typeof ErrorEntry.Type;

/**
 * Every error response body: a JSON list of {@link ErrorEntry}.
 *
 * @example
 * Schema.decodeUnknownSync(ErrorBody)([{ errorCode: "BACKEND_ERROR" }]);
 */
export const ErrorBody = /* @__PURE__ */ Schema.Array(ErrorEntry);
export type ErrorBody = typeof ErrorBody.Type;

/** Name of the response header that carries the correlation id. */
export const CORRELATION_ID_HEADER = "correlationid";
