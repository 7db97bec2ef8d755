import type { LoginClaims } from "@portal/contracts";
import type { LoginOptions } from "@portal/core";
import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import type { ActionUpdate } from "./browser-identity.js";
import { isFramePrerendered } from "./deferred-work.js";
import { useServices } from "./services-context.js";
import type { SessionCheck } from "./session-check.js";
import { markSignedOut } from "./signed-out.js";

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

/** The sign-in check's state as the session shows it. */
interface CheckView {
  readonly checking: boolean;
  readonly expectSignedIn: boolean;
}

/** A prerendered frame's view: the visitor's page while the check runs. */
const FRAME_VIEW: CheckView = { checking: true, expectSignedIn: false };

const checkViewOf = (check: SessionCheck): CheckView => {
  const checking = check.checking();
  return { checking, expectSignedIn: checking && check.expectSignedIn() };
};

/**
 * The sign-in check's state, rendered again when it changes, as a transition. Not
 * useSyncExternalStore: its updates are synchronous, and the check's answer often comes
 * while a prerendered frame is still being hydrated (its view then differs from the
 * frame's), so every part that reads the session was rendered again in one main-thread
 * task (30 to 50 ms on a slow machine, four times that on a slow phone). As a transition
 * that render is sliced; for its few milliseconds the page shows the state before the
 * answer, which it showed a moment ago anyway.
 */
function useCheckView(check: SessionCheck): CheckView {
  // A prerendered frame (and its hydration) is the visitor's page while the check runs,
  // whatever the browser expects or already knows. The effect below then brings the real
  // state (for a browser expected to be signed in, its layout; the frame cannot know it).
  const [view, setView] = useState(() => (isFramePrerendered() ? FRAME_VIEW : checkViewOf(check)));
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setView((shown) => {
          const next = checkViewOf(check);
          return next.checking === shown.checking && next.expectSignedIn === shown.expectSignedIn
            ? shown
            : next;
        }),
      );
    const unsubscribe = check.subscribe(update);
    // What changed between the first render and the subscription (or since the frame).
    update();
    return unsubscribe;
  }, [check]);
  return view;
}

/** Provides the session of the identity adapter; renders again when its sign-in check answers. */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const { identity, sessionCheck: check, config } = useServices();
  const { checking, expectSignedIn } = useCheckView(check);
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
      logout: () => {
        // The base path then says "You are signed out" (signed-out.ts).
        markSignedOut();
        return identity.logout(new URL(config.basePath, window.location.origin).href);
      },
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
