/**
 * Container module of the support and operations calls: the support routes of the API
 * client, the outbox (the mails the portal sent) and the health probes.
 */
import { ContainerModule } from "inversify";
import { FetchHealthApi } from "../adapters/health-api.js";
import { FetchOutboxApi, supportApi } from "../adapters/support-api.js";
import { TOKENS } from "../tokens.js";

export const supportModule = (): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.supportApi).toResolvedValue((api) => supportApi(api), [TOKENS.api]);
    bind(TOKENS.outboxApi).toResolvedValue((http) => new FetchOutboxApi(http), [TOKENS.http]);
    bind(TOKENS.healthApi).toResolvedValue((http) => new FetchHealthApi(http), [TOKENS.http]);
  });
