import type { Container, ServiceIdentifier } from "inversify";
import { createContext, useContext } from "react";

/** The inversify container of the running app (or of a test). */
export const ContainerContext = createContext<Container | null>(null);

/**
 * Resolves a service from the app's container.
 *
 * @example
 * const api = useService(TOKENS.api);
 */
export function useService<T>(token: ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error("useService needs <AppProviders> above it");
  return container.get<T>(token);
}
