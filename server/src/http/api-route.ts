import type { ApiRoute } from "@portal/contracts";
import type * as Schema from "effect/Schema";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { apiError } from "./api-error.js";
import type { AppDeps } from "./app-deps.js";
import type { AuthenticatedUser } from "./auth.js";
import { decodeRequest } from "./decode.js";
import { requireMe } from "./require-me.js";
import { routePath } from "./route-path.js";

// Registers a Fastify route from its entry of the contracts' route table: method, path,
// the caller (auth), the content type, decoding of parameters, query and body with the
// entry's schemas (a refusal answers 400 with the code the failing check names), and the
// success status. The handler holds only the domain call.

type Decoded<S> = S extends Schema.Top ? S["Type"] : undefined;

/** Who calls: the signed-in person (bearer), the support user, or nobody in particular. */
export type Caller<R extends ApiRoute> = R["auth"] extends "bearer"
  ? Awaited<ReturnType<typeof requireMe>>
  : R["auth"] extends "support"
    ? AuthenticatedUser
    : undefined;

/** What a handler gets: the request decoded by the entry, and the reply for headers. */
export interface RouteInput<R extends ApiRoute> {
  readonly caller: Caller<R>;
  readonly body: Decoded<R["request"]>;
  readonly params: R["params"] extends Schema.Top
    ? Decoded<R["params"]>
    : Readonly<Record<string, string>>;
  readonly query: Decoded<R["query"]>;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** The answer of a success: the entry's response type; without one, whatever (it is not sent). */
export type RouteAnswer<R extends ApiRoute> = R["response"] extends Schema.Top
  ? R["response"]["Type"]
  : unknown;

export interface RouteOptions {
  /** Fastify's own route options (preHandler rate limits, bodyLimit). */
  readonly fastify?: RouteShorthandOptions;
  /**
   * Leave the body to the handler: the patch route, whose operations core's
   * applyPersonPatch checks one by one and answers with the operation's path as field.
   */
  readonly rawBody?: boolean;
}

const mediaType = (request: FastifyRequest): string =>
  (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * Registers `route` under the plugin's prefix. In order: the caller (401/403/404 as
 * `auth.requireUser`/`requireSupport`/`requireMe`), the content type when the entry names
 * one (415 INVALID_REQUEST), parameters, query and body (400), then the handler; its
 * answer is sent with the entry's status.
 *
 * @example
 * apiRoute(app, deps, API_ROUTES.getCredentials, ({ caller }) => credentialsOf(db, caller.person.id));
 */
export const apiRoute = <R extends ApiRoute>(
  app: FastifyInstance,
  deps: AppDeps,
  route: R,
  handler: (input: RouteInput<R>) => Promise<RouteAnswer<R>>,
  options: RouteOptions = {},
): void => {
  const caller = (request: FastifyRequest): Promise<unknown> =>
    route.auth === "bearer"
      ? requireMe(deps, request)
      : route.auth === "support"
        ? deps.auth.requireSupport(request)
        : Promise.resolve(undefined);
  app.route({
    ...options.fastify,
    // The entry travels with the route, so the error-code check knows whose answer it sees.
    config: { ...options.fastify?.config, apiRoute: route },
    method: route.method,
    url: routePath(route),
    handler: async (request, reply) => {
      const who = await caller(request);
      if (route.contentType && mediaType(request) !== route.contentType) {
        throw apiError(415, "INVALID_REQUEST");
      }
      const input = {
        caller: who,
        params: route.params ? decodeRequest(route.params, request.params) : request.params,
        query: route.query ? decodeRequest(route.query, request.query) : undefined,
        body:
          route.request && !options.rawBody
            ? decodeRequest(route.request, request.body)
            : request.body,
        request,
        reply,
      } as RouteInput<R>;
      const answer = await handler(input);
      reply.code(route.status);
      return route.response ? answer : reply.send();
    },
  });
};
