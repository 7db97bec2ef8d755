/**
 * Container module of the API calls anybody may make, web targets and company
 * suggestions: core's client over a transport that sends no token (no token is read).
 */
import type { CompanySearch } from "@portal/core";
import { ContainerModule } from "inversify";
import { anonymousTransport, cliApiClient } from "../adapters/api-transport.js";
import { webTargetDirectory } from "../adapters/web-targets.js";
import { TOKENS } from "../tokens.js";

export const publicApiModule = (): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.webTargets).toResolvedValue(
      (http) => webTargetDirectory(cliApiClient(anonymousTransport(http))),
      [TOKENS.http],
    );
    bind(TOKENS.companySearch).toResolvedValue(
      (http): CompanySearch => {
        const api = cliApiClient(anonymousTransport(http));
        return { suggest: (term) => api.companySuggestions(term) };
      },
      [TOKENS.http],
    );
  });
