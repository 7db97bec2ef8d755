import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { withRequestCache } from "../../db/request-cache.js";
import { handOver, setProviderHeaders } from "./provider-request.js";

/** What the provider answered a request run in-process. */
export interface InProcessAnswer {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

/**
 * Runs a GET under `prefix` through the provider in-process, for a request of the portal's
 * own that continues where the browser would otherwise be sent (the resumed authorization
 * in the step's answer, resumed-in-answer.ts): no socket, no HTTP parsing, no Fastify hooks.
 * It sees what the browser's own request would: the origin pinned, the client address Fastify
 * resolved for `request`, `cookie`, the browser's User-Agent and languages.
 */
export type ProviderInProcess = (
  request: FastifyRequest,
  path: string,
  cookie: string,
) => Promise<InProcessAnswer>;

export const providerInProcess = (
  provider: Provider,
  prefix: string,
  publicUrl: string,
): ProviderInProcess => {
  const callback = provider.callback();
  const origin = new URL(publicUrl);
  return async (request, path, cookie) => {
    const raw = new IncomingMessage(new Socket()) as IncomingMessage & { originalUrl?: string };
    raw.method = "GET";
    for (const name of ["user-agent", "accept-language"]) {
      const value = request.headers[name];
      if (typeof value === "string") raw.headers[name] = value;
    }
    raw.headers.cookie = cookie;
    handOver(raw, path, prefix, origin, request.ip);
    raw.push(null);
    const res = new ServerResponse(raw);
    setProviderHeaders(res, request.id);
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== "function")
        chunks.push(Buffer.from(chunk as string | Uint8Array));
    };
    // The answer is taken as written, not sent anywhere.
    res.write = ((chunk: unknown) => {
      keep(chunk);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      keep(chunk);
      res.emit("finish");
      return res;
    }) as typeof res.end;
    await withRequestCache(() => callback(raw, res));
    return { status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) };
  };
};
