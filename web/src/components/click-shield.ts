/**
 * The rest of a double click that closed a dialog. Its first click confirms or closes; the
 * second arrives a moment later on whatever is under the pointer by then: the page behind
 * the dialog, or the next page a confirmation led to (QA #7: a footer link there took the
 * person off the portal). For that moment, clicks near the first one are swallowed, and
 * for longer those the system itself counts as the same double click (`detail` 2 or
 * more): a person whose double-click time is set slower than the usual 500 ms (a common
 * accessibility setting), or whose second press the browser handled late on a busy
 * machine, is covered too.
 */

/** A pointer press: where (client coordinates) and when (`performance.now()`). */
export interface Press {
  readonly x: number;
  readonly y: number;
  readonly at: number;
}

/** How long after the first click the rest of a double (or triple) click comes: the usual system setting. */
export const DOUBLE_CLICK_MS = 500;
/**
 * How long the system's own count of a double click (`detail` > 1) is believed: slow
 * double-click settings go up to about 1.5 s on desktop systems.
 */
export const MULTI_CLICK_MAX_MS = 2_000;
/** How far from it the rest may land: a hand's jitter, a finger's second tap. */
const SLOP_PX = 40;
const TYPES = ["mousedown", "mouseup", "click", "dblclick", "auxclick"] as const;

/**
 * The press of a person's click with a pointer: a click from the keyboard has no detail, and
 * one a script (or a test) dispatches is not trusted.
 */
export const pressOf = (e: MouseEvent): Press | null =>
  e.isTrusted && e.detail > 0 ? { x: e.clientX, y: e.clientY, at: performance.now() } : null;

/**
 * Swallows, until {@link DOUBLE_CLICK_MS} after `press`, every mouse event near it before
 * anything on the page sees it (nothing is clicked, focused or followed).
 */
export const shieldRestOfClick = (press: Press | null): void => {
  const left = press ? press.at + MULTI_CLICK_MAX_MS - performance.now() : 0;
  if (!press || left <= 0) return;
  const swallow = (e: MouseEvent) => {
    // Its own clock too: a timer of a tab in the background may run late.
    const since = performance.now() - press.at;
    if (since >= MULTI_CLICK_MAX_MS || (since >= DOUBLE_CLICK_MS && e.detail < 2)) return;
    if (Math.abs(e.clientX - press.x) > SLOP_PX || Math.abs(e.clientY - press.y) > SLOP_PX) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  for (const type of TYPES) window.addEventListener(type, swallow, true);
  setTimeout(() => {
    for (const type of TYPES) window.removeEventListener(type, swallow, true);
  }, left);
};
