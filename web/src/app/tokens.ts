import type { WebRuntimeConfig } from "@portal/contracts";
import type { Analytics, Clock, CompanySearch, UserManagementApi, WebTargets } from "@portal/core";
import type { ServiceIdentifier } from "inversify";
import type { ConsentStore } from "../adapters/consent-store.js";
import type { BrowserIdentity } from "./browser-identity.js";
import type { PageReadyTracker } from "./page-ready.js";
import type { SessionCheck } from "./session-check.js";

const id = <T>(name: string) => Symbol.for(`portal.${name}`) as ServiceIdentifier<T>;

/**
 * Every service identifier of the web app's container, in one place.
 *
 * @example
 * const api = useService(TOKENS.api);
 */
export const TOKENS = {
  config: id<WebRuntimeConfig>("config"),
  identity: id<BrowserIdentity>("identity"),
  sessionCheck: id<SessionCheck>("sessionCheck"),
  api: id<UserManagementApi>("api"),
  companySearch: id<CompanySearch>("companySearch"),
  webTargets: id<WebTargets>("webTargets"),
  analytics: id<Analytics>("analytics"),
  consent: id<ConsentStore>("consent"),
  clock: id<Clock>("clock"),
  pageReady: id<PageReadyTracker>("pageReady"),
} as const;
