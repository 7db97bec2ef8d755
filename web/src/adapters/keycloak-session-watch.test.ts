import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIGNED_OUT_MESSAGE, watchSession } from "./keycloak-session-watch.js";

// Spec section 9: "session check interval 5 seconds". After a sign-out in another tab (or
// on another device) this tab stops showing the person within that interval (issue 29:
// another tab still showed the profile 12 s later).

/** A tabs' channel stand-in: `post` delivers a message as another tab's would arrive. */
const fakeChannel = () => {
  const listeners = new Set<(e: Event) => void>();
  return {
    addEventListener: (_type: string, l: (e: Event) => void) => listeners.add(l),
    removeEventListener: (_type: string, l: (e: Event) => void) => listeners.delete(l),
    close: vi.fn(),
    post: (data: unknown) => {
      for (const l of listeners) l(new MessageEvent("message", { data }));
    },
    listeners,
  };
};

describe("session watch (spec section 9, every 5 s)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks every 5 s and signs the page out at the first tick after the session ended", async () => {
    let open: boolean | null = true;
    const isOpen = vi.fn(async () => open);
    const onEnded = vi.fn();
    watchSession({ isOpen, onEnded, channel: null });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(isOpen).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(isOpen).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(isOpen).toHaveBeenCalledTimes(2);
    expect(onEnded).not.toHaveBeenCalled();

    open = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onEnded).toHaveBeenCalledTimes(1);
    // Stopped: no more questions, no second sign-out.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(isOpen).toHaveBeenCalledTimes(3);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it("keeps the page when the answer cannot be told (offline): only a clear 'ended' signs out", async () => {
    const onEnded = vi.fn();
    watchSession({ isOpen: async () => null, onEnded, channel: null });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onEnded).not.toHaveBeenCalled();
  });

  it("asks once at a time: a slow answer is not asked again meanwhile", async () => {
    let answer: (open: boolean) => void = () => undefined;
    const isOpen = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    );
    const onEnded = vi.fn();
    watchSession({ isOpen, onEnded, channel: null });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(isOpen).toHaveBeenCalledTimes(1);
    answer(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it("asks at once when another tab of the browser signs out", async () => {
    const channel = fakeChannel();
    const onEnded = vi.fn();
    watchSession({ isOpen: async () => false, onEnded, channel });
    channel.post("something else");
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnded).not.toHaveBeenCalled();
    channel.post(SIGNED_OUT_MESSAGE);
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnded).toHaveBeenCalledTimes(1);
    // The watch let go of the channel.
    expect(channel.listeners.size).toBe(0);
    expect(channel.close).toHaveBeenCalled();
  });

  it("stops when told: no timer, no listener left", async () => {
    const channel = fakeChannel();
    const isOpen = vi.fn(async () => true);
    const stop = watchSession({ isOpen, onEnded: vi.fn(), channel });
    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(isOpen).not.toHaveBeenCalled();
    expect(channel.listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
