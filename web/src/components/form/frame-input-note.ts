/** A form field as the visitor can change it in a prerendered frame. */
export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What the visitor changed in the frame before React took it over: the field's live state
 * differs from what React rendered (`defaultValue`, `defaultChecked`, `defaultSelected`:
 * the markup's, which hydration keeps in step with the props). A radio counts only where
 * the visitor checked it; its group's other radios follow.
 */
export const changedBeforeHydration = (field: Field): boolean => {
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

/** A field's state as the visitor left it in the frame. */
export type Kept = { readonly value: string } | { readonly checked: boolean };

export const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/** A field's name across renders: a radio by its group and value, any other by its id. */
export const keyOf = (field: Field): string =>
  field instanceof HTMLInputElement && field.type === "radio"
    ? `${field.name}=${field.value}`
    : field.id || field.name;

/** What the visitor changed in the frame's forms (at the address of `path`), by field. */
let kept: { path: string; fields: Map<string, Kept> } | undefined;

/**
 * Notes what the visitor changed in the frame's forms before the app starts. Hydration
 * keeps it in the fields, where the replay (typed-before-hydration.ts) finds it; but a part
 * React draws afresh instead (a language picked in the frame before the app ran: the
 * parts it had not hydrated yet cannot match the frame's texts) has new, empty fields,
 * and the replay then takes the visitor's input from this note.
 *
 * Its own module, apart from the replay: it runs in the first page's script, the replay
 * comes with the forms' chunks.
 *
 * @example
 * keepTypedBeforeHydration(root); // in start(), just before hydrateRoot
 */
export function keepTypedBeforeHydration(root: HTMLElement): void {
  const fields = new Map<string, Kept>();
  for (const field of root.querySelectorAll<Field>("form input, form textarea, form select")) {
    if (field.disabled || !keyOf(field) || !changedBeforeHydration(field)) continue;
    fields.set(keyOf(field), isToggle(field) ? { checked: field.checked } : { value: field.value });
  }
  kept = { path: window.location.pathname, fields };
}

/** The note's entries, while the address is still the one it was taken at (else none). */
export function notedOnThisPage(): Map<string, Kept> | undefined {
  if (kept && kept.path !== window.location.pathname) kept = undefined;
  return kept?.fields;
}

/** For tests: a new page load, with nothing typed into a frame. */
export const forgetTypedBeforeHydrationForTests = (): void => {
  kept = undefined;
};
