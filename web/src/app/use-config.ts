import type { WebRuntimeConfig } from "@portal/contracts";
import { useServices } from "./services-context.js";

/** The runtime settings read from `config.json` at load. */
export const useConfig = (): WebRuntimeConfig => useServices().config;
