import type { Locale } from "@portal/core";
import type { FastifyInstance } from "fastify";
import type { Limiter } from "../../http/app-deps.js";
import { clientKey } from "../../rate-limit/client-key.js";
import { LimiterUnavailable } from "../../rate-limit/limiter.js";
import type { PageContext } from "../pages/html.js";
import { messagePage } from "../pages/login-pages.js";
import { pageLocale, providerText } from "../pages/texts.js";

/** Form posts to the sign-in pages one address may send per minute. */
export const FORM_POSTS_PER_MINUTE = 60;

/**
 * Counts every form post to the sign-in steps under `realmPath/login-actions/{uid}` per
 * client address; over the budget (or with the counters unreachable) the person gets the
 * provider's page with the wait, not the API's JSON. Per-account waits stop guessing one
 * password; this stops one client spraying many.
 */
export const limitFormPosts = (
  app: FastifyInstance,
  options: {
    readonly limiter: Limiter;
    readonly realmPath: string;
    readonly pageContext: (locale: Locale, returnTo?: string) => PageContext;
  },
): void => {
  const { limiter, realmPath, pageContext } = options;
  const actions = `${realmPath}/login-actions/:uid`;
  app.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST" || !request.routeOptions.url?.startsWith(actions)) return;
    const uid = (request.params as { uid?: string }).uid;
    const refuse = (status: 429 | 503, retryAfter: string, text: (ctx: PageContext) => string) => {
      const ctx = pageContext(
        pageLocale({}, request.headers.cookie),
        uid ? `${realmPath}/login-actions/${encodeURIComponent(uid)}` : undefined,
      );
      return reply
        .code(status)
        .header("retry-after", retryAfter)
        .type("text/html; charset=utf-8")
        .send(messagePage(ctx, ctx.texts.loginTitle, text(ctx)));
    };
    let counted: { allowed: boolean; retryAfterSeconds: number };
    try {
      counted = await limiter.consume(
        `identity-form:${clientKey(request.ip)}`,
        FORM_POSTS_PER_MINUTE,
        60,
      );
    } catch (error) {
      // The counters cannot be reached (Redis down): no attempt goes through uncounted. The
      // person gets the provider's page with the general failure text, not the API's JSON.
      if (!(error instanceof LimiterUnavailable)) throw error;
      request.log.error({ err: error }, "sign-in form post refused: rate limits unavailable");
      return refuse(503, String(error.retryAfterSeconds), (ctx) => ctx.texts.errorText);
    }
    if (counted.allowed) return;
    const seconds = counted.retryAfterSeconds;
    return refuse(429, String(seconds), (ctx) =>
      providerText(ctx.language, "page.lockedOut", { seconds }),
    );
  });
};
