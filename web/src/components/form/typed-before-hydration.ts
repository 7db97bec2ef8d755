import { type RefObject, useLayoutEffect } from "react";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The browser's own value setter, which React's value tracker does not see. */
const nativeValueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;

/**
 * What the visitor changed in the frame before React took it over: the field's live state
 * differs from what React rendered (`defaultValue`, `defaultChecked`, `defaultSelected`:
 * the markup's, which hydration keeps in step with the props). A radio counts only where
 * the visitor checked it; its group's other radios follow.
 */
const changedBeforeHydration = (field: Field): boolean => {
  if (field instanceof HTMLSelectElement) {
    // The markup chose an option (`selected`); a select React created itself chooses
    // through the property and leaves every `defaultSelected` false.
    const options = [...field.options];
    return (
      options.some((o) => o.defaultSelected) &&
      options.some((o) => o.selected !== o.defaultSelected)
    );
  }
  if (field instanceof HTMLInputElement && field.type === "radio")
    return field.checked && !field.defaultChecked;
  if (field instanceof HTMLInputElement && field.type === "checkbox")
    return field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement && field.type === "file") return false;
  return field.value !== field.defaultValue;
};

/**
 * Hands one changed field to React as the visitor's own input: React's change detection
 * compares the field with the value it last saw, which hydration took from the changed
 * field, so the field is first set back to the rendered value (through the tracked
 * property) and the visitor's then written past the tracker, followed by the event React
 * listens to.
 */
const replay = (field: Field): void => {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    // Back to the rendered state (the tracker follows), then the visitor's click again:
    // a click toggles the box before React's listener reads it.
    field.checked = !field.checked;
    field.click();
    return;
  }
  const typed = field.value;
  field.value = field.defaultValue;
  nativeValueSetter(field)?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
};

/**
 * Replays into React what the visitor typed, chose or ticked in a prerendered frame before
 * the app hydrated it. React keeps such a field's text while it hydrates but its state does
 * not know it, so the next render (the form's validation at mount) would write the
 * rendered value back and the input would be lost; a search typed there would never run.
 * Answers how many fields were handed over (none after a render without a frame, where
 * every field shows what React rendered).
 *
 * @example
 * replayTypedBeforeHydration(formElement); // in a layout effect at mount
 */
export function replayTypedBeforeHydration(container: HTMLElement): number {
  const fields = [...container.querySelectorAll<Field>("input, textarea, select")].filter(
    (field) => !field.disabled && changedBeforeHydration(field),
  );
  for (const field of fields) replay(field);
  return fields.length;
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
