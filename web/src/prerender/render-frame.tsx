import { BASE_PATH, type RouteDefinition } from "@portal/core";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import type { ConsentStore } from "../adapters/consent-store.js";
import { DeferredIdentity } from "../adapters/deferred-identity.js";
import { createAppContainer } from "../app/container.js";
import { markFramePrerendered } from "../app/deferred-work.js";
import { PageReadyTracker } from "../app/page-ready.js";
import { resolveServices } from "../app/services-context.js";
import { CopyrightYearContext } from "../components/layout/copyright-year.js";
import { createI18n } from "../i18n/i18n.js";
import { firstPageNamespaces } from "../i18n/texts.js";
import { createAppRoutes } from "../routes.js";
import { FRAME_CONFIG, YEAR_MARKER } from "./frame-config.js";

/** One prerendered frame: the markup of #root and the page's title. */
export interface RenderedFrame {
  readonly html: string;
  readonly title: string;
}

/** Nothing is remembered while the build renders. */
const noConsent: ConsentStore = { read: () => null, write: () => undefined };
const noHint = { read: () => false, remember: () => undefined };

const streamText = (stream: ReadableStream<Uint8Array>): Promise<string> =>
  new Response(stream).text();

/**
 * Renders the frame of a public route in a language with React's prerender, which waits
 * for every lazy part (the page's chunk, the registration form's fields): the visitor's
 * page before the sign-in check has answered, with the same providers and routes as the
 * app (start.tsx hydrates it with the same tree). Branding and year are markers (see
 * frame-config.ts).
 *
 * @example
 * const { html, title } = await renderFrame(routeByName("register"), "fr");
 */
export async function renderFrame(
  route: RouteDefinition,
  language: string,
): Promise<RenderedFrame> {
  markFramePrerendered();
  // The texts the app loads first at this route (start.tsx), so the frame hydrates alike.
  const i18n = await createI18n(language, firstPageNamespaces(route));
  // The sign-in check never answers here: the frame is what the app draws while it runs.
  const identity = new DeferredIdentity(new Promise(() => undefined), noHint);
  const target = { dataset: {} } as unknown as HTMLElement;
  const services = resolveServices(
    createAppContainer({
      config: FRAME_CONFIG,
      identity,
      sessionCheck: identity,
      consent: noConsent,
      pageReady: new PageReadyTracker(target, 0),
      fetch: () => Promise.reject(new Error("no requests while prerendering")),
    }),
  );
  // The app's own routes through React Router's static handler, which loads the matched
  // page's module (its route's `lazy`) as the browser's router does before hydrating.
  const basename = BASE_PATH.replace(/\/+$/, "");
  const handler = createStaticHandler(createAppRoutes({ services, i18n }), { basename });
  const context = await handler.query(new Request(`http://frame${BASE_PATH}${route.path}`));
  if (context instanceof Response) throw new Error(`frame ${route.name}: HTTP ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script with the router's state (the CSP forbids one; the
  // browser's router finds the same state itself, there are no loaders).
  const tree: ReactNode = (
    <CopyrightYearContext.Provider value={YEAR_MARKER}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </CopyrightYearContext.Provider>
  );
  // A part that fails renders its Suspense fallback: the build must fail instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(tree, {
    onError: (error: unknown) => void errors.push(error),
  });
  if (errors.length > 0) throw errors[0];
  const html = await streamText(prelude);
  const title = `${i18n.t(`common:pageTitle.${route.name}`)} – ${i18n.t("shared:Portal.name")}`;
  return { html, title };
}
