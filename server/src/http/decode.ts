import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import { apiError } from "./api-error.js";

/**
 * Decodes a request body or parameter with a contracts schema, or throws
 * 400 INVALID_REQUEST naming the first field at fault.
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
  const issue = firstPath(result.failure.issue);
  throw apiError(400, "INVALID_REQUEST", issue);
};

// The path of the first nested issue, e.g. "ctoZugangsdaten.personalPassword".
const firstPath = (issue: unknown): string | undefined => {
  const path: string[] = [];
  let current = issue as { _tag?: string; path?: unknown[]; issue?: unknown; issues?: unknown[] };
  for (let depth = 0; current && depth < 10; depth++) {
    if (current._tag === "Pointer" && Array.isArray(current.path)) {
      path.push(...current.path.map(String));
      current = current.issue as typeof current;
    } else if (Array.isArray(current.issues) && current.issues.length > 0) {
      current = current.issues[0] as typeof current;
    } else if (current.issue) {
      current = current.issue as typeof current;
    } else break;
  }
  return path.length > 0 ? path.join(".") : undefined;
};
