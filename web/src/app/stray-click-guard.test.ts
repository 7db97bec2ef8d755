import { afterEach, describe, expect, it } from "vitest";
import { guardStrayClicks } from "./stray-click-guard.js";

const click = (target: Element, detail: number): MouseEvent => {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, detail });
  target.dispatchEvent(event);
  return event;
};

describe("stray click guard (QA #7)", () => {
  // Replaced by each test's set-up; nothing to undo before it.
  const nothing = (): void => {};
  let stop = nothing;
  let unlisten = nothing;
  afterEach(() => {
    stop();
    unlisten();
    document.body.innerHTML = "";
    window.history.replaceState(null, "", "/");
  });

  const setUp = () => {
    stop = guardStrayClicks(window);
    document.body.innerHTML = `<a href="/legal-notice">Legal notice</a><button>Go</button>`;
    const seen: number[] = [];
    const record = (e: MouseEvent) => seen.push(e.detail);
    document.addEventListener("click", record, true);
    unlisten = () => document.removeEventListener("click", record, true);
    return {
      seen,
      link: document.querySelector("a") as HTMLAnchorElement,
      button: document.querySelector("button") as HTMLButtonElement,
    };
  };

  it("drops the second click of a double click that began on another page", () => {
    const { seen, link, button } = setUp();
    window.history.replaceState(null, "", "/konto/loeschen");
    click(button, 1);
    // The first click's action led to the next page, where a link now sits under the pointer.
    window.history.pushState(null, "", "/konto/loeschen/danke");
    const second = click(link, 2);
    expect(second.defaultPrevented).toBe(true);
    expect(seen).toEqual([1]);
  });

  it("lets a double click on the same page through, and a new click on the new page", () => {
    const { seen, link, button } = setUp();
    window.history.replaceState(null, "", "/konto");
    click(button, 1);
    expect(click(button, 2).defaultPrevented).toBe(false);
    window.history.pushState(null, "", "/konto/sicherheit");
    expect(click(link, 1).defaultPrevented).toBe(false);
    expect(click(link, 2).defaultPrevented).toBe(false);
    expect(seen).toEqual([1, 2, 1, 2]);
  });

  it("treats a keyboard click (detail 0) as the start of a sequence", () => {
    const { seen, link, button } = setUp();
    window.history.replaceState(null, "", "/a");
    click(button, 0);
    window.history.pushState(null, "", "/b");
    expect(click(link, 2).defaultPrevented).toBe(true);
    expect(seen).toEqual([0]);
  });

  it("stops when asked", () => {
    const { seen, link, button } = setUp();
    window.history.replaceState(null, "", "/a");
    click(button, 1);
    stop();
    window.history.pushState(null, "", "/b");
    expect(click(link, 2).defaultPrevented).toBe(false);
    expect(seen).toEqual([1, 2]);
  });
});
