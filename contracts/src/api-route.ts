import type * as Schema from "effect/Schema";
import type { ErrorCode } from "./error-codes.js";

// What one entry of the route table says, and the types a client and a server read from
// it. The table itself is in api-routes.ts; this module holds no route.

/** Prefix of the user-management API (spec section 7). */
export const API_PREFIX = "/api/user-management";
/** Prefix of the company-suggestion service. */
export const SMART_SIGNUP_PREFIX = "/api/gatinator/smart-signup";
/** Prefix of the first-party analytics endpoint. */
export const ANALYTICS_PREFIX = "/api/analytics";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A schema that decodes without services (every schema of the contracts). */
export type PlainSchema = Schema.Top & { readonly DecodingServices: never };

/** What making one call of the API route table takes: method, path, schemas, auth. */
export interface ApiCallRoute {
  readonly method: HttpMethod;
  /** Path below `prefix`, with `{param}` placeholders. */
  readonly path: string;
  readonly prefix: string;
  /** The path parameters, when they have rules beyond "a string" (a 400 names the code). */
  readonly params?: PlainSchema;
  /** The query string's fields. */
  readonly query?: PlainSchema;
  /** The body; its checks name the code of a refusal (contracts' text limits). */
  readonly request?: PlainSchema;
  /** The answer of a success; none for 201/202/204 answers without a body. */
  readonly response?: PlainSchema;
  /** Status of a success; 204 answers carry no body. */
  readonly status: 200 | 201 | 202 | 204;
  readonly auth: "none" | "bearer" | "support";
  /** Content type of the body when not `application/json`. */
  readonly contentType?: string;
  /**
   * The resource whose `ETag` a success carries: a later write of the same resource
   * sends it back as `If-Match` (412 PRECONDITION_FAILED when someone saved in between).
   */
  readonly etag?: string;
}

/**
 * What a call of the table is for: documentation the server (OpenAPI document, error-code
 * check) reads and a client does not need, kept in modules of their own (*-route-docs.ts).
 */
export interface RouteDocs {
  /** One line on what the call does (the OpenAPI document's summary). */
  readonly summary: string;
  /**
   * The codes this call answers besides the common ones of its kind of caller
   * ({@link COMMON_ERROR_CODES}). A server test fails when a route answers a code that is
   * in neither list (server/src/http/error-code-check.ts).
   */
  readonly errors: ReadonlyArray<ErrorCode>;
}

/** One entry of the API route table as the server and the OpenAPI document read it. */
export interface ApiRoute extends ApiCallRoute, RouteDocs {}

/**
 * The codes every call of a kind of caller may answer, declared once instead of in each
 * entry: any call a broken or over-large body, a wrong content type (INVALID_REQUEST) or
 * a failure of the server or its database (BACKEND_ERROR); with a bearer token a missing
 * or refused token (UNAUTHORIZED) or a person deleted meanwhile (NOT_FOUND); with a support
 * token a refused token or one without the support role (FORBIDDEN).
 */
export const COMMON_ERROR_CODES = {
  none: ["BACKEND_ERROR", "INVALID_REQUEST"],
  bearer: ["BACKEND_ERROR", "INVALID_REQUEST", "UNAUTHORIZED", "NOT_FOUND"],
  support: ["BACKEND_ERROR", "INVALID_REQUEST", "UNAUTHORIZED", "FORBIDDEN"],
} as const satisfies Record<ApiRoute["auth"], ReadonlyArray<ErrorCode>>;

/**
 * Every code a call may answer: its entry's own and the common ones of its caller, sorted.
 *
 * @example
 * answerableErrorCodes(API_ROUTES.getCredentials); // ["BACKEND_ERROR", "INVALID_REQUEST", "NOT_FOUND", "UNAUTHORIZED"]
 */
export const answerableErrorCodes = (r: Pick<ApiRoute, "auth" | "errors">): ErrorCode[] =>
  [...new Set<ErrorCode>([...r.errors, ...COMMON_ERROR_CODES[r.auth]])].sort();

/**
 * An entry of the table: the user-management prefix unless another is given. `const`
 * keeps the path a literal type, from which the client's parameter list is derived.
 */
export const route = <const R extends Omit<ApiCallRoute, "prefix"> & { prefix?: string }>(r: R) =>
  ({ prefix: API_PREFIX, ...r }) as R & {
    prefix: R extends { prefix: string } ? R["prefix"] : typeof API_PREFIX;
  };

/** The names of a path's `{param}` placeholders, in order: `"/a/{x}/{y}"` gives `["x", "y"]`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? [N, ...PathParamNames<Rest>]
  : [];

type AllStrings<T extends unknown[]> = { [I in keyof T]: string };

type Decoded<S> = S extends Schema.Top ? S["Type"] : never;

/**
 * The arguments of a call, in order: one string per path parameter, then the query
 * (when the route has one), then the body (when it has one).
 *
 * @example
 * type A = ApiArgs<typeof API_ROUTES.getWebTarget>; // [key: string]
 */
export type ApiArgs<R extends ApiCallRoute> = [
  ...AllStrings<PathParamNames<R["path"]>>,
  ...(R extends { query: Schema.Top } ? [query: Decoded<R["query"]>] : []),
  ...(R extends { request: Schema.Top } ? [body: Decoded<R["request"]>] : []),
];

/** What a success of the call gives: the decoded response, or nothing. */
export type ApiAnswer<R extends ApiCallRoute> = R extends { response: Schema.Top }
  ? Decoded<R["response"]>
  : undefined;

/** The names of a path's parameters, at run time. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/**
 * The path of a route below its prefix, with its `{param}` placeholders filled (URI-encoded).
 *
 * @example
 * fillPath("/web-targets/{key}", { key: "M C" }); // "/web-targets/M%20C"
 */
export const fillPath = (path: string, params: Readonly<Record<string, string>> = {}): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });

/**
 * The full path of a route with its `{param}` placeholders filled (URI-encoded).
 *
 * @example
 * apiPath(API_ROUTES.companySuggestions, { term: "Muster" }); // "/api/gatinator/smart-signup/Muster"
 */
export const apiPath = (r: ApiCallRoute, params: Readonly<Record<string, string>> = {}): string =>
  r.prefix + fillPath(r.path, params);
