import { afterEach, describe, expect, it } from "vitest";
import { trackInputModality } from "./input-modality.js";

// Issue 29: headings focused after a redirect showed mouse users the keyboard's ring.
// A document of the test's own: the app's start (other files, one jsdom per worker) keeps
// its own listeners on the shared one for the page's life.
let doc = document.implementation.createHTMLDocument("");

afterEach(() => {
  doc = document.implementation.createHTMLDocument("");
  sessionStorage.clear();
});

describe("input modality (the ring on focused headings is for the keyboard only)", () => {
  it("is unknown until the person acts, then follows the last key or pointer", () => {
    const stop = trackInputModality(doc);
    expect(doc.documentElement.dataset.input).toBeUndefined();
    doc.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    expect(doc.documentElement.dataset.input).toBe("keyboard");
    doc.dispatchEvent(new Event("pointerdown"));
    expect(doc.documentElement.dataset.input).toBe("pointer");
    // A modifier alone or a shortcut is no keyboard navigation.
    doc.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift" }));
    doc.dispatchEvent(new KeyboardEvent("keydown", { key: "c", ctrlKey: true }));
    expect(doc.documentElement.dataset.input).toBe("pointer");
    stop();
    doc.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    expect(doc.documentElement.dataset.input).toBe("pointer");
  });

  it("a keyboard user keeps the ring across a redirect (the tab remembers)", () => {
    const stop = trackInputModality(doc);
    doc.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    stop();
    delete doc.documentElement.dataset.input;
    trackInputModality(doc)();
    expect(doc.documentElement.dataset.input).toBe("keyboard");
  });
});
