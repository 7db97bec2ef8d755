import { type RefObject, useLayoutEffect } from "react";
import {
  changedBeforeHydration,
  type Field,
  isToggle,
  type Kept,
  keyOf,
  notedOnThisPage,
} from "./frame-input-note.js";

/** The browser's own value setter, which React's value tracker does not see. */
const nativeValueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;

/**
 * Writes `value` into a select, text field or text area as the visitor's own input: past
 * React's value tracker (which then still holds the value React saw last), followed by the
 * event React listens to.
 */
const writeAsTyped = (field: Field, value: string): void => {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  nativeValueSetter(field)?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
};

/**
 * Hands one changed field to React as the visitor's own input: React's change detection
 * compares the field with the value it last saw, which hydration took from the changed
 * field, so the field is first set back to the rendered value (through the tracked
 * property) and the visitor's then written past the tracker.
 */
const replay = (field: Field): void => {
  if (isToggle(field)) {
    // Back to the rendered state (the tracker follows), then the visitor's click again:
    // a click toggles the box before React's listener reads it.
    field.checked = !field.checked;
    field.click();
    return;
  }
  const typed = field.value;
  // A select has no tracker: React reads its value in the change event.
  if (!(field instanceof HTMLSelectElement)) field.value = field.defaultValue;
  writeAsTyped(field, typed);
};

/** Gives a field React has just drawn afresh the state the visitor left in the frame. */
const restore = (field: Field, state: Kept): boolean => {
  if ("checked" in state) {
    if (!isToggle(field) || field.checked === state.checked) return false;
    field.click();
    return true;
  }
  if (isToggle(field) || field.value === state.value) return false;
  writeAsTyped(field, state.value);
  return true;
};

/**
 * Replays into React what the visitor typed, chose or ticked in a prerendered frame before
 * the app hydrated it. React keeps such a field's text while it hydrates but its state does
 * not know it, so the next render (the form's validation at mount) would write the
 * rendered value back and the input would be lost; a search typed there would never run.
 * A field React drew afresh instead of hydrating it gets the visitor's input from the
 * note `keepTypedBeforeHydration` took (frame-input-note.ts). Answers how many fields were
 * handed over (none after a render without a frame, where every field shows what React
 * rendered).
 *
 * @example
 * replayTypedBeforeHydration(formElement); // in a layout effect at mount
 */
export function replayTypedBeforeHydration(container: HTMLElement): number {
  const note = notedOnThisPage();
  const fields = [...container.querySelectorAll<Field>("input, textarea, select")].filter(
    (field) => !field.disabled,
  );
  // Read before any replay: a replayed radio changes its group's other radios.
  const work = fields.map((field) => ({
    field,
    changed: changedBeforeHydration(field),
    noted: note?.get(keyOf(field)),
  }));
  let count = 0;
  for (const { field, changed, noted } of work) {
    if (changed) replay(field);
    else if (!noted || !restore(field, noted)) continue;
    note?.delete(keyOf(field));
    count++;
  }
  return count;
}

/**
 * Runs {@link replayTypedBeforeHydration} over the element once it has mounted (hydrated),
 * in the same commit, so no keystroke falls between hydration and the replay.
 */
export function useReplayTypedBeforeHydration(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (ref.current) replayTypedBeforeHydration(ref.current);
  }, [ref]);
}
