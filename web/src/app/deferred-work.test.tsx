import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  afterFirstInteraction,
  afterFirstPaint,
  resetDeferredWorkForTests,
  useAfter,
  watchFirstInteraction,
} from "./deferred-work.js";

/** Whether `promise` has resolved by the time the microtasks queued so far have run. */
const settled = async (promise: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  await Promise.resolve();
  return done;
};

const frame = (html: string): HTMLElement => {
  const root = document.createElement("div");
  root.innerHTML = html;
  document.body.append(root);
  return root;
};

afterEach(() => {
  document.body.replaceChildren();
  resetDeferredWorkForTests();
});

function Probe() {
  return <p>{useAfter("paint") ? "painted" : "first render"}</p>;
}

describe("after the first paint", () => {
  it("is false in the first render, true once the first frame was shown", async () => {
    render(<Probe />);
    expect(screen.getByText("first render")).toBeInTheDocument();
    expect(await screen.findByText("painted")).toBeInTheDocument();
  });

  it("is one moment per page load: every caller waits for the same frame", () => {
    expect(afterFirstPaint()).toBe(afterFirstPaint());
  });
});

describe("after the first interaction", () => {
  it("comes at once where nobody watches (a protected page, the prerender)", async () => {
    expect(await settled(afterFirstInteraction())).toBe(true);
  });

  it("waits while the visitor only reads", async () => {
    const root = frame('<input name="email" value="">');
    watchFirstInteraction(document, root);
    expect(await settled(afterFirstInteraction())).toBe(false);
  });

  it.each([
    ["pointerdown", () => new PointerEvent("pointerdown", { bubbles: true })],
    ["keydown", () => new KeyboardEvent("keydown", { bubbles: true, key: "Tab" })],
    ["focusin", () => new FocusEvent("focusin", { bubbles: true })],
    ["touchstart", () => new Event("touchstart", { bubbles: true })],
  ])("comes with the first %s", async (_, event) => {
    const root = frame("<p>text</p>");
    watchFirstInteraction(document, root);
    root.firstElementChild?.dispatchEvent(event());
    expect(await settled(afterFirstInteraction())).toBe(true);
  });

  it("comes at once for what was typed into the frame before the app ran", async () => {
    const root = frame('<input name="email" value="">');
    const input = root.querySelector("input");
    if (input) input.value = "anna@example.com";
    expect(await settled(watchFirstInteraction(document, root))).toBe(true);
  });

  it("comes at once for a box ticked or an option chosen in the frame", async () => {
    const ticked = frame('<input type="checkbox" name="terms">');
    const box = ticked.querySelector("input");
    if (box) box.checked = true;
    expect(await settled(watchFirstInteraction(document, ticked))).toBe(true);
    // As React renders a select: the chosen option marked `selected` in the markup.
    const chosen = frame(
      '<select name="s"><option value="" selected>-</option><option value="MS">Ms</option></select>',
    );
    const select = chosen.querySelector("select");
    if (select) select.value = "MS";
    expect(await settled(watchFirstInteraction(document, chosen))).toBe(true);
  });

  it("comes at once when the focus already sits in the frame", async () => {
    const root = frame('<input name="email" value="">');
    root.querySelector("input")?.focus();
    expect(await settled(watchFirstInteraction(document, root))).toBe(true);
  });
});
