import { afterEach, describe, expect, it } from "vitest";
import {
  afterFirstInteraction,
  firstInteraction,
  resetFirstInteractionForTests,
  watchFirstInteraction,
} from "./first-interaction.js";

/** Whether `promise` has resolved by the time the microtasks queued so far have run. */
const settled = async (promise: Promise<void>): Promise<boolean> => {
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
  resetFirstInteractionForTests();
});

describe("firstInteraction", () => {
  it("waits while the visitor only reads", async () => {
    const root = frame('<input name="email" value="">');
    expect(await settled(firstInteraction(document, root))).toBe(false);
  });

  it.each([
    ["pointerdown", () => new PointerEvent("pointerdown", { bubbles: true })],
    ["keydown", () => new KeyboardEvent("keydown", { bubbles: true, key: "Tab" })],
    ["focusin", () => new FocusEvent("focusin", { bubbles: true })],
    ["touchstart", () => new Event("touchstart", { bubbles: true })],
  ])("resolves on the first %s", async (_, event) => {
    const root = frame("<p>text</p>");
    const interaction = firstInteraction(document, root);
    root.firstElementChild?.dispatchEvent(event());
    expect(await settled(interaction)).toBe(true);
  });

  it("resolves at once for what was typed into the frame before the app ran", async () => {
    const root = frame('<input name="email" value="">');
    const input = root.querySelector("input");
    if (input) input.value = "anna@example.com";
    expect(await settled(firstInteraction(document, root))).toBe(true);
  });

  it("resolves at once for a box ticked or an option chosen in the frame", async () => {
    const ticked = frame('<input type="checkbox" name="terms">');
    const box = ticked.querySelector("input");
    if (box) box.checked = true;
    expect(await settled(firstInteraction(document, ticked))).toBe(true);
    const chosen = frame(
      '<select name="s"><option value="">-</option><option value="MS">Ms</option></select>',
    );
    const select = chosen.querySelector("select");
    if (select) select.value = "MS";
    expect(await settled(firstInteraction(document, chosen))).toBe(true);
  });

  it("resolves at once when the focus already sits in the frame", async () => {
    const root = frame('<input name="email" value="">');
    root.querySelector("input")?.focus();
    expect(await settled(firstInteraction(document, root))).toBe(true);
  });
});

describe("afterFirstInteraction", () => {
  it("resolves at once where nobody watches (a protected page, the prerender)", async () => {
    expect(await settled(afterFirstInteraction())).toBe(true);
  });

  it("waits for the first interaction once a public page watches for it", async () => {
    const root = frame("<p>text</p>");
    const watched = watchFirstInteraction(document, root);
    expect(await settled(afterFirstInteraction())).toBe(false);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    expect(await settled(watched)).toBe(true);
    expect(await settled(afterFirstInteraction())).toBe(true);
  });
});
