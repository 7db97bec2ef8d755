import { type ErrorCode, errorCodeOfCheck } from "@portal/contracts";
import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import { apiError } from "./api-error.js";

/**
 * Decodes a request body, parameter or query with a contracts schema, or throws 400
 * naming the first field at fault. The code is the one the failing check names (the
 * contracts' text limits: e.g. FIRSTNAME_TOO_LONG, INVALID_NAME, EMAIL_NOT_VALID), else
 * INVALID_REQUEST (a missing field, a wrong type).
 *
 * @example
 * const body = decodeRequest(EmailRequest, request.body);
 */
export const decodeRequest = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  input: unknown,
): S["Type"] => {
  const result = Schema.decodeUnknownResult(schema)(input);
  if (Result.isSuccess(result)) return result.success;
  const { path, errorCode } = firstIssue(result.failure.issue);
  throw apiError(400, errorCode ?? "INVALID_REQUEST", path);
};

interface IssueNode {
  readonly _tag?: string;
  readonly path?: unknown[];
  readonly issue?: unknown;
  readonly issues?: unknown[];
  readonly filter?: { readonly annotations?: Readonly<Record<string, unknown>> };
}

// The path of the first nested issue, e.g. "ctoZugangsdaten.personalPassword", and the
// code of the check that failed there, if it names one.
const firstIssue = (issue: unknown): { path?: string; errorCode?: ErrorCode } => {
  const path: string[] = [];
  let errorCode: ErrorCode | undefined;
  let current = issue as IssueNode | undefined;
  for (let depth = 0; current && depth < 12; depth++) {
    if (current._tag === "Filter") errorCode ??= errorCodeOfCheck(current.filter?.annotations);
    if (current._tag === "Pointer" && Array.isArray(current.path)) {
      path.push(...current.path.map(String));
      current = current.issue as IssueNode;
    } else if (Array.isArray(current.issues) && current.issues.length > 0) {
      current = current.issues[0] as IssueNode;
    } else if (current.issue) {
      current = current.issue as IssueNode;
    } else break;
  }
  return {
    ...(path.length > 0 ? { path: path.join(".") } : {}),
    ...(errorCode ? { errorCode } : {}),
  };
};
