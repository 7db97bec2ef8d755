// QA #7: the second click of a double click lands where the first click's button was. When
// the first click led to another page (a confirmed dialog that navigates as soon as its
// request answers), that spot holds something else: at 390 px the next page's legal notice
// link, which took the person off the portal. A dialog kept busy while its action runs only
// covers the time of the request; a slow double-click setting (an accessibility choice)
// outlasts it. So a click the system counts as the continuation of a multi-click
// (`detail` 2 or more) is dropped when the sequence began on another page. Nothing is
// timed: what counts as a double click is the person's own system setting.

/**
 * Starts dropping such stray clicks on `win` (capture phase on the window, before the app's
 * handlers and the browser's link navigation). Answers the function that stops it.
 *
 * @example
 * guardStrayClicks(window);
 */
export function guardStrayClicks(win: Window): () => void {
  // The page the current click sequence began on; null before the first click.
  let begunOn: string | null = null;
  const onClick = (event: MouseEvent) => {
    const here = win.location.href;
    // detail 0 is a click from the keyboard or a script; 1 the first of a sequence.
    if (event.detail <= 1) {
      begunOn = here;
      return;
    }
    if (begunOn !== null && begunOn !== here) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  win.addEventListener("click", onClick, true);
  return () => win.removeEventListener("click", onClick, true);
}
