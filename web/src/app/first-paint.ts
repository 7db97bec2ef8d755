import { startTransition, useEffect, useState } from "react";

let painted: Promise<void> | undefined;
/** The page's first frame was the HTML's (a prerendered frame), drawn before the app ran. */
let framePrerendered = false;

/**
 * Says the first frame came with the HTML: the app hydrates it (and the build renders it)
 * as it looks after the first paint, the deferred parts included, so the frame and the
 * first render are the same.
 */
export const markFramePrerendered = (): void => {
  framePrerendered = true;
};

/** Whether the page's first frame came with the HTML (see `markFramePrerendered`). */
export const isFramePrerendered = (): boolean => framePrerendered;

/** The browser reports its first contentful paint (entries come once the frame is shown). */
const firstContentfulPaint = (): Promise<void> =>
  new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });

/** Two animation frames: the callbacks of the second run after the first frame was shown. */
const twoFrames = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Longest wait: a page that never paints text still gets its deferred work done. */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Resolves once the page's first contentful frame has been shown (the browser's paint
 * timing; two animation frames where that is missing), at once in a tab in the
 * background, which shows no frames, and after 3 s at the latest. Work the first paint
 * does not need (the sign-in check, lookups, widgets below the fold) waits for it, so it
 * neither delays that paint nor competes with its downloads.
 *
 * @example
 * void afterFirstPaint().then(() => import("./below-the-fold.js"));
 */
export const afterFirstPaint = (): Promise<void> => {
  painted ??=
    document.visibilityState === "hidden"
      ? Promise.resolve()
      : Promise.race([
          typeof PerformanceObserver !== "undefined" &&
          PerformanceObserver.supportedEntryTypes?.includes("paint")
            ? firstContentfulPaint()
            : twoFrames(),
          new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
        ]);
  return painted;
};

/**
 * False until the page's first frame has been presented (see `afterFirstPaint`; true from
 * the start under a prerendered frame, which was that first frame). The
 * switch is a transition: what renders then is rendered in slices between other work
 * (it follows the first paint, so it must not block input), and a part that suspends
 * keeps showing what was there.
 *
 * @example
 * const painted = useFirstPaintDone(); // render the widget's frame until then
 */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(framePrerendered);
  useEffect(() => {
    if (done) return;
    let live = true;
    void afterFirstPaint().then(() => {
      if (live) startTransition(() => setDone(true));
    });
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}

/** For tests: a new page load (no first paint seen yet, no prerendered frame). */
export const resetFirstPaintForTests = (): void => {
  painted = undefined;
  framePrerendered = false;
};
