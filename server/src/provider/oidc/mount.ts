import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { withRequestCache } from "../../db/request-cache.js";
import { handOver, setProviderHeaders } from "./provider-request.js";

/** Discovery and the keys change with the configuration only; caches must ask again. */
const REVALIDATED = new Set([
  "/.well-known/openid-configuration",
  "/protocol/openid-connect/certs",
]);

/**
 * Answers a request whose answer the provider withheld; false when it withheld none for it.
 */
export type WithheldAnswer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Hands every request under `prefix` that no portal route claims to oidc-provider (a Koa
 * app), with the prefix taken off the URL as its documentation asks for mounted
 * providers. The body stays unread: the provider parses its own requests. An answer the
 * provider withheld (first-page.ts) is given by `answerWithheld` through Fastify.
 */
export const mountProvider = (
  app: FastifyInstance,
  provider: Provider,
  prefix: string,
  publicUrl: string,
  answerWithheld: WithheldAnswer,
): void => {
  const callback = provider.callback();
  const origin = new URL(publicUrl);
  app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const url = raw.url ?? "/";
      handOver(raw, url, prefix, origin, request.ip);
      if (REVALIDATED.has((raw.url ?? "").split("?")[0] ?? ""))
        reply.raw.setHeader("cache-control", "no-cache");
      setProviderHeaders(reply.raw, request.id);
      const sent = new Promise<void>((resolve) => {
        reply.raw.once("close", resolve);
        reply.raw.once("finish", resolve);
      });
      // Koa's promise ends once its answer is written (a stream's may still be on its way)
      // or withheld.
      await withRequestCache(() => callback(raw, reply.raw));
      raw.url = url;
      if (await answerWithheld(request, reply)) return reply;
      // The provider wrote the answer itself: Fastify must not send one too.
      reply.hijack();
      await sent;
      return reply;
    };
    child.all(prefix, handler);
    child.all(`${prefix}/*`, handler);
  });
};
