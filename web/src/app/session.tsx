import type { LoginClaims } from "@portal/contracts";
import type { LoginOptions } from "@portal/core";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { ActionUpdate } from "./browser-identity.js";
import { useService } from "./container-context.js";
import { TOKENS } from "./tokens.js";

/** The signed-in state as pages see it. */
export interface Session {
  readonly authenticated: boolean;
  readonly claims: LoginClaims | null;
  readonly login: (options?: LoginOptions) => Promise<void>;
  /** Signs out at the provider and comes back to the base path. */
  readonly logout: () => Promise<void>;
  /** The provider's report on the application-initiated action this page load returned from. */
  readonly actionUpdate: ActionUpdate | null;
}

const SessionContext = createContext<Session | null>(null);

/** Provides the session of the identity adapter (initialised before the first render). */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const identity = useService(TOKENS.identity);
  const config = useService(TOKENS.config);
  const authenticated = identity.isAuthenticated();
  const claims = identity.claims();
  const actionUpdate = identity.actionUpdate();
  const session = useMemo<Session>(
    () => ({
      authenticated,
      claims,
      login: (options) => identity.login(options),
      logout: () => identity.logout(new URL(config.basePath, window.location.origin).href),
      actionUpdate,
    }),
    [identity, config.basePath, authenticated, claims, actionUpdate],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * The current session (claims of the login token).
 *
 * @example
 * const { authenticated, claims } = useSession();
 */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs <AppProviders> above it");
  return session;
}
