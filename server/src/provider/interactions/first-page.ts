import type { IncomingMessage } from "node:http";
import type Provider from "oidc-provider";
import { interactionPath } from "./authentication-expired.js";
import type { InteractionDetails } from "./flow.js";

/** The interactions whose first page answers their authorization request (see below). */
export interface FirstPages {
  /** The interaction this request's answer was withheld for, once; undefined for any other. */
  take(raw: IncomingMessage): InteractionDetails | undefined;
}

/**
 * The sign-in page in the authorization request's own answer, as Keycloak serves it, instead
 * of a redirect to the interaction's page: one round trip less before a person sees the form,
 * and one request less per sign-in (its HTTP work, the interaction and login-state reads).
 *
 * A post-middleware of the provider: when the authorization endpoint has just started an
 * interaction that asks for a sign-in (`prompt` "login") and redirects to its page, the
 * redirect is withheld (Koa's `respond = false`) and the request is kept here for the mount
 * (mount.ts) to answer with that page. Everything else the provider did stays: its
 * cookies (the interaction's, scoped to the page's path, which the form posts to; the resume
 * cookie), `cache-control: no-store`, the interaction saved. Other prompts (a signed-in
 * session's consent or action, which may end the interaction at once and needs the
 * interaction cookie on the request) keep the redirect.
 *
 * Registered before the held writes' post-middleware (held-writes.ts), so it runs after it:
 * the interaction is stored before the page is shown, and a failed write keeps its error
 * answer (no longer a 303).
 */
export const answerFirstPagesInline = (provider: Provider, mountPath: string): FirstPages => {
  const withheld = new WeakMap<IncomingMessage, InteractionDetails>();
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 303 || ctx.oidc?.route !== "authorization") return;
    const interaction = ctx.oidc.entities.Interaction;
    if (interaction?.prompt.name !== "login") return;
    if (ctx.response.get("location") !== interactionPath(mountPath, interaction.uid)) return;
    // What the redirect set on the response goes: its target, its short text, its status
    // line ("See Other"; Node keeps a set one whatever status the page is sent with).
    for (const header of ["location", "content-type", "content-length"]) ctx.remove(header);
    ctx.res.statusMessage = "";
    ctx.respond = false;
    withheld.set(ctx.req, interaction);
  });
  return {
    take: (raw) => {
      const interaction = withheld.get(raw);
      withheld.delete(raw);
      return interaction;
    },
  };
};
