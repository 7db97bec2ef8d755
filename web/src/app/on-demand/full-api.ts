/**
 * Core's typed API client over the fetch transport: the route table with its schemas
 * (the contracts, effect's Schema) and the decoding of every answer. Loaded on the first
 * call (see ../modules/api-on-first-call.ts), so none of it is part of the first page.
 */
import { SMART_SIGNUP_PREFIX, type WebRuntimeConfig } from "@portal/contracts";
import {
  type Analytics,
  createApiClient,
  type IdentitySession,
  reportableError,
  type UserManagementApi,
} from "@portal/core";
import { FetchTransport } from "../../adapters/http-client.js";
import type { PageReadyTracker } from "../page-ready.js";

export interface FullApiParts {
  readonly config: WebRuntimeConfig;
  readonly identity: IdentitySession;
  readonly analytics: Analytics;
  readonly pageReady: PageReadyTracker;
  readonly fetch?: typeof fetch | undefined;
}

/** Every failure goes to analytics (masked); every request keeps the page not ready. */
export const createFullApi = (parts: FullApiParts): UserManagementApi =>
  createApiClient(
    new FetchTransport({
      baseUrl: parts.config.apiBaseUrl,
      bases: { [SMART_SIGNUP_PREFIX]: parts.config.smartSignupUrl },
      identity: parts.identity,
      pageReady: parts.pageReady,
      fetch: parts.fetch ?? ((input, init) => fetch(input, init)),
    }),
    { onFailure: (failure) => parts.analytics.reportError(reportableError(failure)) },
  );
