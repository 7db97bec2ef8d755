/** Container module of the runtime configuration: config.json as decoded at start. */
import type { WebRuntimeConfig } from "@portal/contracts";
import { ContainerModule } from "inversify";
import { TOKENS } from "../tokens.js";

export const configModule = (config: WebRuntimeConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.config).toConstantValue(config);
  });
