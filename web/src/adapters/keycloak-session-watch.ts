import { SESSION_CHECK_INTERVAL_MS } from "@portal/core";

/**
 * The spec's session check (section 9, every 5 s), without keycloak-js's login iframe (the
 * provider has no check_session_iframe): a signed-in page asks the provider on a timer
 * whether its session still holds, and when it has ended (a sign-out in another tab or on
 * another device, a session ended from the device list) the page stops showing the person.
 * Tabs of the same browser also tell each other of a sign-out, so they ask at once rather
 * than at their next tick (a background tab's timer may be slowed down by the browser).
 */

/** The name of the tabs' channel and its one message. */
export const SESSION_CHANNEL = "portal.session";
export const SIGNED_OUT_MESSAGE = "signed-out";

/** The timer functions the watch uses (tests pass fake timers through vi.useFakeTimers). */
export interface WatchTimers {
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface SessionWatchOptions {
  /**
   * Whether the session still holds: true, false (ended), or null when it cannot be told
   * (offline, the provider busy): only a clear "ended" signs the page out.
   */
  readonly isOpen: () => Promise<boolean | null>;
  /** Called once when the session has ended; the watch has stopped by then. */
  readonly onEnded: () => void;
  readonly intervalMs?: number;
  readonly timers?: WatchTimers;
  /** The tabs' channel (null: none, e.g. a browser without BroadcastChannel). */
  readonly channel?: Pick<
    BroadcastChannel,
    "addEventListener" | "removeEventListener" | "close"
  > | null;
  /** Where visibility changes are heard (a tab shown again asks at once). */
  readonly document?: Pick<
    Document,
    "addEventListener" | "removeEventListener" | "visibilityState"
  >;
}

const browserTimers: WatchTimers = {
  setInterval: (handler, ms) => globalThis.setInterval(handler, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as number),
};

/** The tabs' channel of this browser, or null where there is none. */
export const sessionChannel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === "function" ? new BroadcastChannel(SESSION_CHANNEL) : null;

/**
 * Tells the other tabs of this browser that it signs out (before the provider's logout
 * page takes this one away).
 */
export const announceSignOut = (): void => {
  try {
    const channel = sessionChannel();
    channel?.postMessage(SIGNED_OUT_MESSAGE);
    channel?.close();
  } catch {
    // Without the channel the other tabs find out at their next check.
  }
};

/**
 * Starts the watch; answers the function that stops it. One question at a time: a tick
 * while one is still out is skipped.
 *
 * @example
 * const stop = watchSession({ isOpen: () => identity.sessionOpen(), onEnded: signedOutPage });
 */
export function watchSession(options: SessionWatchOptions): () => void {
  const timers = options.timers ?? browserTimers;
  const channel = options.channel === undefined ? sessionChannel() : options.channel;
  const doc = options.document ?? (typeof document === "undefined" ? undefined : document);
  let asking = false;
  let stopped = false;

  const check = async () => {
    if (asking || stopped) return;
    asking = true;
    try {
      const open = await options.isOpen();
      if (open === false && !stopped) {
        stop();
        options.onEnded();
      }
    } finally {
      asking = false;
    }
  };
  const onMessage = (event: Event) => {
    if ((event as MessageEvent).data === SIGNED_OUT_MESSAGE) void check();
  };
  const onVisibility = () => {
    if (doc?.visibilityState === "visible") void check();
  };

  const handle = timers.setInterval(
    () => void check(),
    options.intervalMs ?? SESSION_CHECK_INTERVAL_MS,
  );
  channel?.addEventListener("message", onMessage);
  doc?.addEventListener("visibilitychange", onVisibility);

  function stop() {
    if (stopped) return;
    stopped = true;
    timers.clearInterval(handle);
    channel?.removeEventListener("message", onMessage);
    doc?.removeEventListener("visibilitychange", onVisibility);
    channel?.close();
  }
  return stop;
}
