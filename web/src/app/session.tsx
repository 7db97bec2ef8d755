import type { LoginClaims } from "@portal/contracts";
import type { LoginOptions } from "@portal/core";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";
import type { ActionUpdate } from "./browser-identity.js";
import { useServices } from "./services-context.js";

/** The signed-in state as pages see it. */
export interface Session {
  /**
   * True while the sign-in check of this page load has not answered yet (public pages
   * render meanwhile); `authenticated` is false until it has.
   */
  readonly checking: boolean;
  /** While checking: whether the browser was signed in at its last check (for layout only). */
  readonly expectSignedIn: boolean;
  readonly authenticated: boolean;
  readonly claims: LoginClaims | null;
  readonly login: (options?: LoginOptions) => Promise<void>;
  /** Signs out at the provider and comes back to the base path. */
  readonly logout: () => Promise<void>;
  /** The provider's report on the application-initiated action this page load returned from. */
  readonly actionUpdate: ActionUpdate | null;
}

const SessionContext = createContext<Session | null>(null);

/** Provides the session of the identity adapter; renders again when its sign-in check answers. */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const { identity, sessionCheck: check, config } = useServices();
  const subscribe = useCallback((listener: () => void) => check.subscribe(listener), [check]);
  // A prerendered frame (and its hydration) is the visitor's page while the check runs:
  // the server snapshots say so, whatever the browser expects or already knows. After
  // hydration React renders again with the real state (for a browser expected to be signed
  // in, its layout; the frame cannot know it).
  const checking = useSyncExternalStore(
    subscribe,
    () => check.checking(),
    () => true,
  );
  const expectSignedIn = useSyncExternalStore(
    subscribe,
    () => check.checking() && check.expectSignedIn(),
    () => false,
  );
  // Nothing is known before the check has answered (see Session.authenticated).
  const authenticated = !checking && identity.isAuthenticated();
  const claims = checking ? null : identity.claims();
  const actionUpdate = checking ? null : identity.actionUpdate();
  const session = useMemo<Session>(
    () => ({
      checking,
      expectSignedIn,
      authenticated,
      claims,
      login: (options) => identity.login(options),
      logout: () => identity.logout(new URL(config.basePath, window.location.origin).href),
      actionUpdate,
    }),
    [identity, config.basePath, checking, expectSignedIn, authenticated, claims, actionUpdate],
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

/**
 * Whether to draw the page for a signed-in user (menus, logo to the profile): signed in,
 * or, while the sign-in check runs, expected to be. The layout then does not move when
 * the check answers as expected.
 *
 * @example
 * const signedInLayout = useSignedInLayout();
 */
export function useSignedInLayout(): boolean {
  const { authenticated, expectSignedIn } = useSession();
  return authenticated || expectSignedIn;
}
