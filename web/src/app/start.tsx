import type { WebRuntimeConfig } from "@portal/contracts";
import { type RouteDefinition, uiLanguage } from "@portal/core";
import type { i18n as I18n } from "i18next";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { DeferredIdentity } from "../adapters/deferred-identity.js";
import { storageSessionHint } from "../adapters/session-hint.js";
import { keepTypedBeforeHydration } from "../components/form/typed-in-frame.js";
import { createI18n } from "../i18n/i18n.js";
import { firstPageNamespaces } from "../i18n/texts.js";
import { createAppRoutes } from "../routes.js";
import { afterFirstPaint, markFramePrerendered, watchFirstInteraction } from "./deferred-work.js";
import { FirstCommit } from "./first-commit.js";
import { trackInputModality } from "./input-modality.js";
import type { PageReadyTracker } from "./page-ready.js";
import { routerReady } from "./router-ready.js";
import { servicesOnFirstUse } from "./services-on-first-use.js";
import { answered } from "./session-check.js";
import { leaveSignedOut } from "./signed-out.js";
import { guardStrayClicks } from "./stray-click-guard.js";

/** What the boot script (main.tsx) has started before the app's chunk arrived. */
export interface Boot {
  /** The language tag applied at load (CAS_PREFERRED_LANGUAGE cookie). */
  readonly language: string;
  /** The route at load (null: not found). */
  readonly route: RouteDefinition | null;
  /** config.json, not yet decoded. */
  readonly config: Promise<unknown>;
  readonly pageReady: PageReadyTracker;
  /** Ends the page-ready task of the boot itself. */
  readonly endBoot: () => void;
  /** #root holds the route's frame in this language: the app hydrates it. */
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
        onSignedOut: () => leaveSignedOut(config.basePath),
      }),
    );
  return new DeferredIdentity(started, storageSessionHint(), loginRequired);
}

/** Reports an error as the browser does an uncaught one (console, window's error event). */
const report = (error: unknown): void =>
  typeof reportError === "function" ? reportError(error) : console.error(error);

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
  // What a public page needs beyond its first render (the container, the config's check)
  // loads once the visitor starts to use the page (listening starts before hydration); for
  // a browser signed in at its last check, which asks for the person, after the first paint.
  const wanted = loginRequired
    ? Promise.resolve()
    : storageSessionHint().read()
      ? afterFirstPaint()
      : watchFirstInteraction(document, root);
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
  const services = servicesOnFirstUse(config, identity, boot.pageReady, wanted);
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
      <FirstCommit onCommit={boot.endBoot}>
        <RouterProvider router={router} />
      </FirstCommit>
    </StrictMode>
  );
  // As a transition the first render (or hydration) is time-sliced: React yields to the
  // browser every few milliseconds instead of holding the main thread for the whole tree
  // (one long task that kept input waiting on a slow phone), and commits the page whole.
  let reactRoot: Root | undefined;
  const frameLanguage = document.documentElement.lang; // as main.tsx applied it at load
  if (boot.frame) {
    keepTypedBeforeHydration(root);
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
  } else {
    reactRoot = createRoot(root);
    const created = reactRoot;
    startTransition(() => created.render(app));
  }
  return reactRoot as Root;
}
