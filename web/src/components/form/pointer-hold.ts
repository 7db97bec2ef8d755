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
    const release = () => {
      timer = setTimeout(() => setHeld(false), 0);
    };
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
    return () => {
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
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
