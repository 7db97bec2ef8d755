import { SMART_SIGNUP_PREFIX, type WebRuntimeConfig } from "@portal/contracts";
import {
  type Analytics,
  type CompanySearch,
  createApiClient,
  reportableError,
  systemClock,
  type UserManagementApi,
} from "@portal/core";
import { Container } from "inversify";
import { ConsentedAnalytics, postEvent } from "../adapters/analytics.js";
import { type ConsentStore, cookieConsentStore } from "../adapters/consent-store.js";
import { FetchTransport } from "../adapters/http-client.js";
import { HttpWebTargets } from "../adapters/web-targets.js";
import type { BrowserIdentity } from "./browser-identity.js";
import { PageReadyTracker } from "./page-ready.js";
import { type SessionCheck, settledSessionCheck } from "./session-check.js";
import { TOKENS } from "./tokens.js";

export interface AppContainerParts {
  readonly config: WebRuntimeConfig;
  readonly identity: BrowserIdentity;
  /** The sign-in check still running at the first render; default: answered already. */
  readonly sessionCheck?: SessionCheck;
  readonly fetch?: typeof fetch;
  readonly consent?: ConsentStore;
  readonly pageReady?: PageReadyTracker;
}

/**
 * The app's inversify container: binds core's ports to the browser adapters.
 * Tests build their own container with fakes (see src/test-support/).
 */
export function createAppContainer(parts: AppContainerParts): Container {
  const c = new Container();
  const fetchFn =
    parts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  c.bind(TOKENS.config).toConstantValue(parts.config);
  c.bind(TOKENS.identity).toConstantValue(parts.identity);
  c.bind(TOKENS.sessionCheck).toConstantValue(parts.sessionCheck ?? settledSessionCheck);
  c.bind(TOKENS.clock).toConstantValue(systemClock);
  c.bind(TOKENS.consent).toConstantValue(parts.consent ?? cookieConsentStore());
  c.bind(TOKENS.pageReady).toConstantValue(parts.pageReady ?? new PageReadyTracker(document.body));
  c.bind(TOKENS.analytics)
    .toResolvedValue(
      (consent: ConsentStore): Analytics =>
        new ConsentedAnalytics(
          consent,
          parts.config.analyticsUrl ? postEvent(parts.config.analyticsUrl, fetchFn) : null,
        ),
      [TOKENS.consent],
    )
    .inSingletonScope();
  // Core's client over the fetch transport; every failure goes to analytics (masked).
  c.bind(TOKENS.api)
    .toResolvedValue(
      (analytics: Analytics, pageReady: PageReadyTracker): UserManagementApi =>
        createApiClient(
          new FetchTransport({
            baseUrl: parts.config.apiBaseUrl,
            bases: { [SMART_SIGNUP_PREFIX]: parts.config.smartSignupUrl },
            identity: parts.identity,
            pageReady,
            fetch: fetchFn,
          }),
          { onFailure: (failure) => analytics.reportError(reportableError(failure)) },
        ),
      [TOKENS.analytics, TOKENS.pageReady],
    )
    .inSingletonScope();
  c.bind(TOKENS.companySearch)
    .toResolvedValue(
      (api: UserManagementApi): CompanySearch => ({
        suggest: (term) => api.companySuggestions(term),
      }),
      [TOKENS.api],
    )
    .inSingletonScope();
  c.bind(TOKENS.webTargets)
    .toResolvedValue((api: UserManagementApi) => new HttpWebTargets(api), [TOKENS.api])
    .inSingletonScope();
  return c;
}
