import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_READY_DELAY_MS, PageReadyTracker } from "./page-ready.js";

describe("page-ready flag (spec section 2)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is false while anything is pending and true 1.5 s after all finished", () => {
    const body = document.createElement("body");
    const tracker = new PageReadyTracker(body);
    const a = tracker.begin();
    const b = tracker.begin();
    expect(body.dataset.pageReady).toBe("false");
    a();
    vi.advanceTimersByTime(PAGE_READY_DELAY_MS * 2);
    expect(body.dataset.pageReady).toBe("false");
    b();
    vi.advanceTimersByTime(PAGE_READY_DELAY_MS - 1);
    expect(body.dataset.pageReady).toBe("false");
    vi.advanceTimersByTime(1);
    expect(body.dataset.pageReady).toBe("true");
  });

  it("new work before the delay ends keeps it false", () => {
    const body = document.createElement("body");
    const tracker = new PageReadyTracker(body);
    tracker.begin()();
    vi.advanceTimersByTime(1000);
    const c = tracker.begin();
    vi.advanceTimersByTime(5000);
    expect(body.dataset.pageReady).toBe("false");
    c();
    c(); // ending twice counts once
    expect(tracker.pending).toBe(0);
    vi.advanceTimersByTime(PAGE_READY_DELAY_MS);
    expect(body.dataset.pageReady).toBe("true");
  });

  it("waits the delay the body asks for (data-page-ready-delay), the spec's otherwise", () => {
    const asked = document.createElement("body");
    asked.dataset.pageReadyDelay = "200";
    new PageReadyTracker(asked).begin()();
    vi.advanceTimersByTime(199);
    expect(asked.dataset.pageReady).toBe("false");
    vi.advanceTimersByTime(1);
    expect(asked.dataset.pageReady).toBe("true");
    for (const odd of ["", "-5", "1e3", "fast", "200ms", "999999"]) {
      const body = document.createElement("body");
      body.dataset.pageReadyDelay = odd;
      new PageReadyTracker(body).begin()();
      vi.advanceTimersByTime(PAGE_READY_DELAY_MS - 1);
      expect(body.dataset.pageReady, odd).toBe("false");
      vi.advanceTimersByTime(1);
      expect(body.dataset.pageReady, odd).toBe("true");
    }
  });
});
