/**
 * The app's services for components: resolved from the container once, into one typed
 * object, and handed down through React context. Components call `useServices()` and
 * destructure what they need instead of looking identifiers up one by one.
 */
import type { Container, ServiceIdentifier } from "inversify";
import { createContext, useContext } from "react";
import type { AppServices } from "./app-services.js";
import { TOKENS } from "./tokens.js";

/** Resolves every identifier once; a missing or doubly bound port fails here, at start. */
export function resolveServices(container: Container): AppServices {
  const services: Partial<Record<keyof AppServices, unknown>> = {};
  for (const key of Object.keys(TOKENS) as Array<keyof AppServices>) {
    const id: ServiceIdentifier = TOKENS[key];
    services[key] = container.get(id);
  }
  // Every key of AppServices is a key of TOKENS (ServiceTokens maps them one to one).
  return services as AppServices;
}

export const ServicesContext = createContext<AppServices | null>(null);

/**
 * The app's services (of the running app, or the fakes of a test).
 *
 * @example
 * const { api, analytics } = useServices();
 */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices needs <AppProviders> above it");
  return services;
}
