import type { PlainSchema } from "@portal/contracts";
import {
  type ApiClient,
  type ApiRequest,
  type ApiTransport,
  createApiClient,
  type HttpFailure,
  type Result,
} from "@portal/core";
import * as Schema from "effect/Schema";
import type { CliFailure } from "../failure.js";
import type { HttpClient, HttpRequest } from "./http-client.js";

// The CLI's transports for core's API client: the HTTP client (timeout, network reasons)
// plus the token each kind of route needs. Every call of the route table goes through here.

/** The signed-in session as the transport needs it (core's IdentitySession, the CLI's bearer). */
export interface BearerSource {
  /** The user's token, or null (the portal then answers 401). */
  token(): Promise<string | null>;
  /** A token with the support role, or why there is none. */
  bearer(): Promise<Result<string, CliFailure>>;
}

const toHttp = (request: ApiRequest, bearer: string | null): HttpRequest => ({
  method: request.route.method,
  path: request.route.prefix + request.path,
  headers: request.headers,
  bearer,
  ...(request.body === undefined ? {} : { body: request.body }),
  ...(request.route.contentType ? { contentType: request.route.contentType } : {}),
});

/** Sends no token: for the calls anybody may make (web targets, company suggestions). */
export const anonymousTransport = (http: HttpClient): ApiTransport => ({
  send: (request) => http.exchange(toHttp(request, null)),
});

/**
 * Sends the signed-in user's token, or for support calls the support token; without a
 * support token the call is not sent and the reason is the failure.
 */
export const signedInTransport = (
  http: HttpClient,
  session: BearerSource,
): ApiTransport<CliFailure> => ({
  send: async (request) => {
    const { auth } = request.route;
    if (auth === "support") {
      const bearer = await session.bearer();
      if (!bearer.ok) return bearer;
      return http.exchange(toHttp(request, bearer.value));
    }
    const token = auth === "bearer" ? await session.token() : null;
    return http.exchange(toHttp(request, token));
  },
});

// The CLI prints why an answer did not match its schema.
const mismatchReason = (schema: PlainSchema, body: unknown): string => {
  const decoded = Schema.decodeUnknownResult(schema)(body);
  return decoded._tag === "Failure" ? decoded.failure.message : "";
};

/**
 * Core's client over a CLI transport.
 *
 * @example
 * const api = cliApiClient(signedInTransport(http, session));
 * await api.supportShowPerson({ email });
 */
export const cliApiClient = <F>(transport: ApiTransport<F>): ApiClient<F> =>
  createApiClient(transport, { mismatchReason });

/** Tells a failure of the HTTP exchange from one the transport gave (no support token). */
export const isHttpFailure = (failure: HttpFailure | CliFailure): failure is HttpFailure =>
  failure._tag === "HttpFailure";
