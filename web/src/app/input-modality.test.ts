import { afterEach, describe, expect, it } from "vitest";
import { trackInputModality } from "./input-modality.js";

// Issue 29: headings focused after a redirect showed mouse users the keyboard's ring.

afterEach(() => {
  delete document.documentElement.dataset.input;
  sessionStorage.clear();
});

describe("input modality (the ring on focused headings is for the keyboard only)", () => {
  it("is unknown until the person acts, then follows the last key or pointer", () => {
    const stop = trackInputModality(document);
    expect(document.documentElement.dataset.input).toBeUndefined();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    expect(document.documentElement.dataset.input).toBe("keyboard");
    document.dispatchEvent(new Event("pointerdown"));
    expect(document.documentElement.dataset.input).toBe("pointer");
    // A modifier alone or a shortcut is no keyboard navigation.
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift" }));
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "c", ctrlKey: true }));
    expect(document.documentElement.dataset.input).toBe("pointer");
    stop();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    expect(document.documentElement.dataset.input).toBe("pointer");
  });

  it("a keyboard user keeps the ring across a redirect (the tab remembers)", () => {
    const stop = trackInputModality(document);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    stop();
    delete document.documentElement.dataset.input;
    trackInputModality(document)();
    expect(document.documentElement.dataset.input).toBe("keyboard");
  });
});
