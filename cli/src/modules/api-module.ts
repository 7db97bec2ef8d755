/**
 * Container module of the portal's API: core's client over the HTTP client with the
 * signed-in user's token (or, for support calls, the support token).
 */
import { ContainerModule } from "inversify";
import { cliApiClient, signedInTransport } from "../adapters/api-transport.js";
import { TOKENS } from "../tokens.js";

export const apiModule = (): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.api).toResolvedValue(
      (http, session) => cliApiClient(signedInTransport(http, session)),
      [TOKENS.http, TOKENS.identitySession],
    );
  });
