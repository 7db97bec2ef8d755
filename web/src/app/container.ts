/**
 * The app's inversify container: one container module per adapter, each binding its ports
 * once (see modules/). The running app builds it after the first paint, or with the first
 * call of a port if sooner (services-on-first-use.ts). Tests load the same modules, with
 * fake parts or with a module replaced by one binding fakes (see src/test-support/render.tsx).
 */
import type { WebRuntimeConfig } from "@portal/contracts";
import type { Clock } from "@portal/core";
import { Container, type ContainerModule } from "inversify";
import type { ConsentStore } from "../adapters/consent-store.js";
import type { BrowserIdentity } from "./browser-identity.js";
import { analyticsModule } from "./modules/analytics-module.js";
import { apiModule } from "./modules/api-module.js";
import { companySearchModule } from "./modules/company-search-module.js";
import { configModule } from "./modules/config-module.js";
import { pageModule } from "./modules/page-module.js";
import { sessionModule } from "./modules/session-module.js";
import { webTargetsModule } from "./modules/web-targets-module.js";
import type { PageReadyTracker } from "./page-ready.js";
import type { SessionCheck } from "./session-check.js";

export interface AppContainerParts {
  readonly config: WebRuntimeConfig;
  readonly identity: BrowserIdentity;
  /** The sign-in check still running at the first render; default: answered already. */
  readonly sessionCheck?: SessionCheck;
  readonly fetch?: typeof fetch;
  readonly consent?: ConsentStore;
  readonly pageReady?: PageReadyTracker;
  readonly clock?: Clock;
}

/** The app's modules by adapter; a test replaces one by name. */
export interface AppModules {
  readonly config: ContainerModule;
  readonly session: ContainerModule;
  readonly page: ContainerModule;
  readonly analytics: ContainerModule;
  readonly api: ContainerModule;
  readonly webTargets: ContainerModule;
  readonly companySearch: ContainerModule;
}

/** The app's container modules over these parts (nothing is built before a port is resolved). */
export const appModules = (parts: AppContainerParts): AppModules => ({
  config: configModule(parts.config),
  session: sessionModule({ identity: parts.identity, sessionCheck: parts.sessionCheck }),
  page: pageModule({ pageReady: parts.pageReady, clock: parts.clock }),
  analytics: analyticsModule({ consent: parts.consent, fetch: parts.fetch }),
  api: apiModule({ fetch: parts.fetch }),
  webTargets: webTargetsModule(),
  companySearch: companySearchModule(),
});

/** A container with these modules loaded; one instance of each service (the page's). */
export const loadModules = (modules: AppModules): Container => {
  const c = new Container({ defaultScope: "Singleton" });
  c.load(...Object.values(modules));
  return c;
};

/** The running app's container. */
export const createAppContainer = (parts: AppContainerParts): Container =>
  loadModules(appModules(parts));
