/**
 * The services the web app's components use, as one typed object: the container resolves
 * each once at start (see services-context.tsx), and components destructure what they need.
 */
import type { WebRuntimeConfig } from "@portal/contracts";
import type { Analytics, Clock, CompanySearch, UserManagementApi, WebTargets } from "@portal/core";
import type { ConsentStore } from "../adapters/consent-store.js";
import type { BrowserIdentity } from "./browser-identity.js";
import type { PageReadyTracker } from "./page-ready.js";
import type { SessionCheck } from "./session-check.js";

export interface AppServices {
  readonly config: WebRuntimeConfig;
  readonly identity: BrowserIdentity;
  readonly sessionCheck: SessionCheck;
  readonly api: UserManagementApi;
  readonly companySearch: CompanySearch;
  readonly webTargets: WebTargets;
  readonly analytics: Analytics;
  readonly consent: ConsentStore;
  readonly clock: Clock;
  readonly pageReady: PageReadyTracker;
}
