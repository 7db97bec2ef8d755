import type { FastifyInstance } from "fastify";
import type Provider from "oidc-provider";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import { flushHeldWrites, holdsWrites } from "../../db/request-cache.js";

// A request's writes are held and sent together (request-cache.ts, issue 48); here they are
// sent before the answer leaves, so the next step, on whatever node, finds them. A failed
// write makes the answer a failure: nothing claims a sign-in the database does not hold.

const SERVER_ERROR = { error: "server_error", error_description: "oops! something went wrong" };

/**
 * A post-middleware of the provider: its writes go before Koa sends the answer. A failure
 * answers like the provider's own (its error page or JSON error, then `server_error`, which
 * turns a database outage into 503, provider-outage.ts).
 */
export const sendHeldWritesBeforeAnswers = (
  provider: Provider,
  renderError: NonNullable<Configuration["renderError"]>,
): void => {
  provider.use(async (ctx, next) => {
    await next();
    try {
      await flushHeldWrites();
    } catch (error) {
      const body: unknown = ctx.body;
      const json =
        typeof body === "object" && body !== null && !Buffer.isBuffer(body) && !("pipe" in body);
      ctx.remove("location");
      if (json) ctx.body = { ...SERVER_ERROR };
      // Past the provider's routes, the context is still the provider's (ctx.oidc is set).
      else
        await renderError(
          ctx as unknown as KoaContextWithOIDC,
          { ...SERVER_ERROR },
          error as Error,
        );
      ctx.status = 500;
      provider.emit("server_error", ctx, error);
    }
  });
};

/**
 * The sign-in pages' requests send their writes before the answer is written (a step that
 * ends the interaction sends them itself first, flow.ts, so a failure there gets its page).
 */
export const sendHeldWritesBeforeReplies = (app: FastifyInstance): void => {
  // A callback hook: every other route of the server passes it without a promise.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (!holdsWrites()) return done(null, payload);
    flushHeldWrites().then(
      () => done(null, payload),
      (error: Error) => {
        // The error's answer, not the redirect the step meant to send.
        reply.removeHeader("location");
        done(error);
      },
    );
  });
};
