import type { WebRuntimeConfig } from "@portal/contracts";
import { useService } from "./container-context.js";
import { TOKENS } from "./tokens.js";

/** The runtime settings read from `config.json` at load. */
export const useConfig = (): WebRuntimeConfig => useService(TOKENS.config);
