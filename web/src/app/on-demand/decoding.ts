/**
 * What decodes with the contracts' schemas (effect's Schema), in one chunk the first page
 * does not carry: core's typed API client over the fetch transport, loaded on the first
 * call (see ../on-first-call.ts), and the check of config.json, after the
 * first paint (start.tsx).
 */
import { SMART_SIGNUP_PREFIX, WebRuntimeConfig } from "@portal/contracts";
import {
  type Analytics,
  createApiClient,
  type IdentitySession,
  reportableError,
  type UserManagementApi,
} from "@portal/core";
import * as Schema from "effect/Schema";
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

/**
 * Throws with the schema's message when config.json does not match. The server writes the
 * file from the same type: a mismatch means a server and an app of two versions, or a
 * hand-edited file.
 */
export const checkConfig = (raw: unknown): void => {
  Schema.decodeUnknownSync(WebRuntimeConfig)(raw);
};
