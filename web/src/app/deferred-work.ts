import { startTransition, useEffect, useState } from "react";
import { typedInFrameBefore } from "../components/form/typed-in-frame.js";

// When work a page's first render does not need may start: after the first paint (the
// sign-in check, widgets below the fold) or, on a public page, at the visitor's first
// interaction (the container with the API client): a visitor who only reads loads none of it.

/** The page's first frame was the HTML's (a prerendered frame), drawn before the app ran. */
let framePrerendered = false;
let painted: Promise<void> | undefined;
/** The first interaction; at once where nobody watches (a protected page, the prerender). */
let interacted: Promise<void> = Promise.resolve();

/** The first frame came with the HTML: hydrate (and prerender) it as after the first paint. */
export const markFramePrerendered = (): void => {
  framePrerendered = true;
};

/** Whether the page's first frame came with the HTML (see `markFramePrerendered`). */
export const isFramePrerendered = (): boolean => framePrerendered;

/** Longest wait: a page that never paints text still gets its deferred work done. */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Resolves once the browser reports the first contentful paint (two animation frames where
 * it has no paint timing), at once in a tab in the background (which shows no frames) and
 * after 3 s at the latest: deferred work neither delays that paint nor competes with its
 * downloads.
 */
export const afterFirstPaint = (): Promise<void> => {
  painted ??= new Promise<void>((resolve) => {
    setTimeout(resolve, FIRST_PAINT_WAIT_MS);
    if (document.visibilityState === "hidden") return resolve();
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint"))
      return void requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });
  return painted;
};

/** What counts as starting to use the page: a press, a key, a focus, a touch. */
const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/**
 * From now on {@link afterFirstInteraction} waits for the visitor's first press, key,
 * focus or touch anywhere in `doc`; at once when the visitor already used `root` (the
 * prerendered frame) before the app listened: typed or ticked there, or focused in it.
 * start.tsx calls it on a public page before its first render.
 */
export const watchFirstInteraction = (doc: Document, root: HTMLElement): Promise<void> => {
  const focused = doc.activeElement !== doc.body && root.contains(doc.activeElement);
  interacted =
    focused || typedInFrameBefore(root)
      ? Promise.resolve()
      : new Promise((resolve) => {
          const done = (): void => {
            for (const type of INTERACTIONS) doc.removeEventListener(type, done, true);
            resolve();
          };
          for (const type of INTERACTIONS)
            doc.addEventListener(type, done, { capture: true, passive: true });
        });
  return interacted;
};

/** The visitor's first interaction (see `watchFirstInteraction`). */
export const afterFirstInteraction = (): Promise<void> => interacted;

const MOMENTS = { paint: afterFirstPaint, interaction: afterFirstInteraction } as const;

/**
 * False until the moment has come: the first paint (true from the start under a
 * prerendered frame, which was that paint) or the first interaction. The switch is a
 * transition: it must not block input, and a part that suspends keeps what was there.
 */
export function useAfter(moment: keyof typeof MOMENTS): boolean {
  const [done, setDone] = useState(moment === "paint" && framePrerendered);
  useEffect(() => {
    if (done) return;
    let live = true;
    void MOMENTS[moment]().then(() => {
      if (live) startTransition(() => setDone(true));
    });
    return () => {
      live = false;
    };
  }, [done, moment]);
  return done;
}

/** For tests: a new page load (nothing painted, no frame, nobody watching). */
export const resetDeferredWorkForTests = (): void => {
  painted = undefined;
  framePrerendered = false;
  interacted = Promise.resolve();
};
