import { act, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FirstCommit } from "./first-commit.js";
import { PAGE_READY_DELAY_MS, PageReadyTracker } from "./page-ready.js";

// The boot's page-ready task ends at the first commit of the (transition) render, never
// while it is only scheduled: a page without its content must not count as ready.
describe("the boot's page-ready task", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stays pending until the first render is committed, however long that takes", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const body = document.createElement("body");
    const tracker = new PageReadyTracker(body);
    const endBoot = tracker.begin();
    const root = createRoot(document.createElement("div"));
    startTransition(() => root.render(<FirstCommit onCommit={endBoot}>page</FirstCommit>));
    // Scheduled, not committed: the flag stays false past the delay.
    vi.advanceTimersByTime(PAGE_READY_DELAY_MS * 2);
    expect(tracker.pending).toBe(1);
    expect(body.dataset.pageReady).toBe("false");
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(tracker.pending).toBe(0);
    vi.advanceTimersByTime(PAGE_READY_DELAY_MS);
    expect(body.dataset.pageReady).toBe("true");
    act(() => root.unmount());
  });
});
