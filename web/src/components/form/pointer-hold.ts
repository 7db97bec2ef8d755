import { createContext, useContext, useEffect, useState } from "react";

/**
 * True from a pointer press inside the form until just after its release. A click is a
 * press and a release on the same element; a blur (fired by the press) that validates and
 * adds or removes an error line would move the button between the two, and the browser
 * would fire no click. While a press is held, error lines keep the layout they had.
 */
export const PointerHoldContext = createContext(false);

/** Whether a pointer press inside the surrounding form is still held. */
export const usePointerHeld = (): boolean => useContext(PointerHoldContext);

/**
 * The hold state of a form: `press` starts it (the form's pointerdown); the release of the
 * pointer anywhere ends it one task later, after the browser has fired the click.
 */
export function usePointerHold(): { readonly held: boolean; readonly press: () => void } {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!held) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = (event: Event) => {
      // Captured on the window, the blur of every field passes here too: only the window's counts.
      if (event.type === "blur" && event.target !== window) return;
      timer = setTimeout(() => setHeld(false), 0);
    };
    // A release outside the window sends no pointerup; the window's blur ends the hold then.
    const ends = ["pointerup", "pointercancel", "blur"] as const;
    for (const type of ends) window.addEventListener(type, release, true);
    return () => {
      for (const type of ends) window.removeEventListener(type, release, true);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [held]);
  return { held, press: () => setHeld(true) };
}

/**
 * `value` as it was when the current press began; the live value when no press is held.
 */
export function useHeldValue<T>(value: T): T {
  const held = usePointerHeld();
  const [kept, setKept] = useState(value);
  // Follow the live value whenever no press is held (a state update during render, the
  // React pattern for state derived from props).
  if (!held && kept !== value) setKept(value);
  return held ? kept : value;
}
