import type { WebRuntimeConfig } from "@portal/contracts";
import { type RouteDefinition, routeOfPath, systemClock, uiLanguage } from "@portal/core";
import type { i18n as I18n } from "i18next";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { cookieConsentStore } from "../adapters/consent-store.js";
import { DeferredIdentity } from "../adapters/deferred-identity.js";
import { storageSessionHint } from "../adapters/session-hint.js";
import { keepTypedBeforeHydration } from "../components/form/typed-in-frame.js";
import { createI18n } from "../i18n/i18n.js";
import { firstPageNamespaces } from "../i18n/texts.js";
import { createAppRoutes } from "../routes.js";
import type { AppServices } from "./app-services.js";
import { watchFirstInteraction } from "./first-interaction.js";
import { afterFirstPaint, markFramePrerendered } from "./first-paint.js";
import { trackInputModality } from "./input-modality.js";
import type { PageReadyTracker } from "./page-ready.js";
import { routerReady } from "./router-ready.js";
import { resolveServices } from "./services-context.js";
import { type FirstRenderServices, servicesOnFirstUse } from "./services-on-first-use.js";
import { answered } from "./session-check.js";
import { markSignedOut } from "./signed-out.js";
import { guardStrayClicks } from "./stray-click-guard.js";

/** What the boot script (main.tsx) has started before the app's chunk arrived. */
export interface Boot {
  /** The language tag applied at load (from the CAS_PREFERRED_LANGUAGE cookie). */
  readonly language: string;
  /** The route of the address the page was loaded at (null: not found). */
  readonly route: RouteDefinition | null;
  /** config.json as fetched, not yet decoded. */
  readonly config: Promise<unknown>;
  readonly pageReady: PageReadyTracker;
  /** Ends the page-ready task of the boot itself. */
  readonly endBoot: () => void;
  /**
   * #root holds the route's prerendered frame in this language (the server sent it): the
   * app hydrates it instead of rendering afresh.
   */
  readonly frame: boolean;
}

/**
 * The sign-in check of this page load. A protected route, which renders only after the
 * answer, starts it at once; every other route once its first page is shown (drawn for
 * the expected state, see SessionCheck), so the check's chunk, iframes, token and person
 * requests do not compete with the first paint.
 */
function startSignInCheck(
  config: WebRuntimeConfig,
  texts: Promise<I18n>,
  loginRequired: boolean,
): DeferredIdentity {
  // The first paint is the page: the prerendered frame's (already shown when this runs), or
  // the app's first render under an empty #root.
  const begin = loginRequired ? Promise.resolve() : afterFirstPaint();
  const started = begin
    .then(() => Promise.all([import("../adapters/keycloak-start.js"), texts]))
    .then(([keycloak, i18n]) =>
      keycloak.startKeycloakIdentity(config, {
        locale: () => uiLanguage(i18n.language),
        loginRequired,
        onSignedOut: () => leaveSignedOut(config),
      }),
    );
  return new DeferredIdentity(started, storageSessionHint(), loginRequired);
}

/**
 * The services of the first render. The container that builds the ports behind them
 * (inversify, the adapters' modules, and through the API client effect's Schema) loads
 * once `wanted` resolves (on a public page the visitor's first interaction, see start), or
 * with the first call of a port if sooner (services-on-first-use.ts). A protected page
 * shows the person, whom it asks for as soon as it renders: there `wanted` has resolved
 * already, and the container loads beside the sign-in check, so that request does not wait
 * for the container's download.
 */
function appServices(
  config: WebRuntimeConfig,
  identity: DeferredIdentity,
  pageReady: PageReadyTracker,
  wanted: Promise<void>,
): AppServices {
  const first: FirstRenderServices = {
    config,
    identity,
    sessionCheck: identity,
    pageReady,
    clock: systemClock,
    consent: cookieConsentStore(),
  };
  const { services, load } = servicesOnFirstUse(first, () =>
    import("./container.js").then((c) => resolveServices(c.createAppContainer(first))),
  );
  // A warm-up: a failure is answered (and reported) by the call that needs the container.
  void wanted.then(load).catch(() => undefined);
  return services;
}

/**
 * The session check found the session ended (a sign-out in another tab or on another
 * device; the token is cleared by then). On a protected page: a new page load at the base
 * path, which says "You are signed out", so nothing of the person stays in memory. A
 * public page shows nothing of the person and stays (the page that confirmed the account's
 * deletion, which ends its sessions, keeps saying so).
 */
function leaveSignedOut(config: WebRuntimeConfig): void {
  storageSessionHint().remember(false);
  if (routeOfPath(window.location.pathname)?.access !== "protected") return;
  markSignedOut();
  window.location.replace(new URL(config.basePath, window.location.origin).href);
}

/** Reports an error as the browser does an uncaught one (console, window's error event). */
const report = (error: unknown): void => {
  if (typeof reportError === "function") reportError(error);
  else console.error(error);
};

/**
 * Renders the app once config.json, the texts and the current page's chunk are there, or
 * hydrates the prerendered frame the HTML carries (`boot.frame`). Answers the React root.
 * The sign-in check runs beside the first render and does not delay it: until the
 * provider answers, the session is "checking" (see SessionCheck). Only a protected route
 * waits for the answer.
 */
export async function start(root: HTMLElement, boot: Boot): Promise<Root> {
  trackInputModality(document);
  guardStrayClicks(window);
  // The first page's texts only; the others come with their routes (routes.tsx).
  const texts = createI18n(boot.language, firstPageNamespaces(boot.route));
  // Hydration renders what the frame shows, its deferred parts included.
  if (boot.frame) markFramePrerendered();
  const loginRequired = boot.route?.access === "protected";
  // What a public page needs beyond its first render (the container, the config's check, a
  // part the frame shows as server HTML) loads once the visitor starts to use the page: a
  // visitor who only reads loads none of it. Listening starts before hydration, and what was
  // typed into the frame before the app ran counts.
  const wanted = loginRequired ? Promise.resolve() : watchFirstInteraction(document, root);
  const rawConfig = await boot.config;
  // The server writes the file from the same type; a wrong one (servers and apps of two
  // versions) is reported with the schema's message once the page is painted and wanted.
  void Promise.all([wanted, afterFirstPaint()])
    .then(() => import("./on-demand/decoding.js"))
    .then((check) => check.checkConfig(rawConfig))
    .catch(report);
  const config = rawConfig as WebRuntimeConfig;
  const identity = startSignInCheck(config, texts, loginRequired);
  const i18n = await texts;
  // The page is not ready (data-page-ready) before the sign-in check has answered.
  void boot.pageReady.track(answered(identity));
  const services = appServices(config, identity, boot.pageReady, wanted);
  // The router loads the page's module (its route's `lazy`) as it starts; the first render
  // waits for it, so the page (or the frame's hydration) renders in one pass.
  const router = createBrowserRouter(createAppRoutes({ services, i18n }), {
    basename: config.basePath.replace(/\/+$/, ""),
  });
  await routerReady(router);
  // Without a session keycloak-js leaves a protected route for the provider's login (and
  // comes back with a code): a page drawn before would be thrown away, its work only
  // delaying the page that stays.
  if (loginRequired) await answered(identity);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // As a transition the first render (or hydration) is time-sliced: React yields to the
  // browser every few milliseconds instead of holding the main thread for the whole tree
  // (one long task that kept input waiting on a slow phone), and commits the page whole.
  let reactRoot: Root | undefined;
  // The page's language as the frame shows it (main.tsx applied it at load).
  const frameLanguage = document.documentElement.lang;
  if (boot.frame) keepTypedBeforeHydration(root);
  if (boot.frame)
    startTransition(() => {
      reactRoot = hydrateRoot(root, app, {
        onRecoverableError: (error) => {
          // A language picked in the frame before the app had taken all of it over: the
          // parts React had not hydrated yet render afresh in that language (their text
          // cannot match the frame's). Expected; anything else is reported as React does.
          if (document.documentElement.lang !== frameLanguage) return;
          report(error);
        },
      });
    });
  else {
    reactRoot = createRoot(root);
    const created = reactRoot;
    startTransition(() => created.render(app));
  }
  boot.endBoot();
  return reactRoot as Root;
}
