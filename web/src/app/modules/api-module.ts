/**
 * Container module of the HTTP API: core's typed client over the fetch transport, with
 * the signed-in user's token and the smart-signup service's base. Every failure goes to
 * analytics (masked); every request keeps the page-ready flag false while it runs.
 */
import { SMART_SIGNUP_PREFIX } from "@portal/contracts";
import { createApiClient, reportableError, type UserManagementApi } from "@portal/core";
import { ContainerModule } from "inversify";
import { FetchTransport } from "../../adapters/http-client.js";
import { TOKENS } from "../tokens.js";

export interface ApiParts {
  readonly fetch?: typeof fetch | undefined;
}

export const apiModule = ({ fetch: fetchFn }: ApiParts = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.api).toResolvedValue(
      (config, identity, analytics, pageReady): UserManagementApi =>
        createApiClient(
          new FetchTransport({
            baseUrl: config.apiBaseUrl,
            bases: { [SMART_SIGNUP_PREFIX]: config.smartSignupUrl },
            identity,
            pageReady,
            fetch: fetchFn ?? ((input, init) => fetch(input, init)),
          }),
          { onFailure: (failure) => analytics.reportError(reportableError(failure)) },
        ),
      [TOKENS.config, TOKENS.identity, TOKENS.analytics, TOKENS.pageReady],
    );
  });
