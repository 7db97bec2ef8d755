import { WebRuntimeConfig } from "@portal/contracts";
import { type RouteDefinition, uiLanguage } from "@portal/core";
import * as Schema from "effect/Schema";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { DeferredIdentity } from "../adapters/deferred-identity.js";
import { storageSessionHint } from "../adapters/session-hint.js";
import { createI18n } from "../i18n/i18n.js";
import { AppRoutes, notFoundPage, pages } from "../routes.js";
import { createAppContainer } from "./container.js";
import type { PageReadyTracker } from "./page-ready.js";
import { AppProviders } from "./providers.js";

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
}

/**
 * Resolves after the next frame is painted (the task after the frame's animation
 * callbacks); at once in a tab in the background, which paints no frames.
 */
const afterFirstPaint = (): Promise<void> =>
  new Promise((resolve) => {
    if (document.visibilityState === "hidden") resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/**
 * Renders the app once config.json, the texts and the current page's chunk are there.
 * The sign-in check starts beside the first render and does not delay it: until the
 * provider answers, the session is "checking" (see SessionCheck).
 */
export async function start(root: HTMLElement, boot: Boot): Promise<void> {
  const [config, i18n] = await Promise.all([
    // A wrong file fails with the schema's message.
    boot.config.then((raw) => Schema.decodeUnknownSync(WebRuntimeConfig)(raw)),
    createI18n(boot.language),
    (boot.route ? pages[boot.route.name] : notFoundPage).preload(),
  ]);
  const loginRequired = boot.route?.access === "protected";
  const hint = storageSessionHint();
  // A page that waits for the answer (protected, or a browser signed in last time) starts
  // the check at once; for a visitor it waits until the first page is painted, so its
  // chunk, iframes and scripts do not compete with the first paint.
  const waits = loginRequired || hint.read();
  const identity = new DeferredIdentity(
    (waits ? Promise.resolve() : afterFirstPaint())
      .then(() => import("../adapters/keycloak-start.js"))
      .then((m) =>
        m.startKeycloakIdentity(config, { locale: () => uiLanguage(i18n.language), loginRequired }),
      ),
    hint,
    loginRequired,
  );
  // The page is not ready (data-page-ready) before the sign-in check has answered.
  if (identity.checking()) identity.subscribe(boot.pageReady.begin());
  const container = createAppContainer({
    config,
    identity,
    sessionCheck: identity,
    pageReady: boot.pageReady,
  });
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename={config.basePath.replace(/\/+$/, "")}>
        <AppProviders container={container} i18n={i18n}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
  boot.endBoot();
}
