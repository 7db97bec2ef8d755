/**
 * Container module of the HTTP API: core's typed client over the fetch transport, with
 * the signed-in user's token and the smart-signup service's base, loaded on its first call
 * (see ../on-first-call.ts). Every failure goes to analytics (masked); every request
 * keeps the page-ready flag false while it runs.
 */
import type { UserManagementApi } from "@portal/core";
import { ContainerModule } from "inversify";
import { onFirstCall } from "../on-first-call.js";
import { TOKENS } from "../tokens.js";

export interface ApiParts {
  readonly fetch?: typeof fetch | undefined;
}

export const apiModule = ({ fetch: fetchFn }: ApiParts = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.api).toResolvedValue(
      (config, identity, analytics, pageReady): UserManagementApi =>
        onFirstCall(
          () =>
            import("../on-demand/decoding.js").then((m) =>
              m.createFullApi({ config, identity, analytics, pageReady, fetch: fetchFn }),
            ),
          pageReady,
        ),
      [TOKENS.config, TOKENS.identity, TOKENS.analytics, TOKENS.pageReady],
    );
  });
