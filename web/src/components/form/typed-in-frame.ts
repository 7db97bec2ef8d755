/** A form field as the visitor can change it in a prerendered frame. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field's state as the visitor left it: a box ticked or not, or a text or choice. */
type Typed = boolean | string;

const stateOf = (field: Field): Typed =>
  field.type === "checkbox" || field.type === "radio"
    ? (field as HTMLInputElement).checked
    : field.value;

/**
 * The visitor changed the field before React took it over: its live state differs from
 * what React rendered (`defaultValue`, `defaultChecked`, `defaultSelected`: the markup's,
 * which hydration keeps in step with the props). A radio counts where it was checked.
 */
const changedBeforeHydration = (field: Field): boolean => {
  if (field instanceof HTMLSelectElement) {
    // A select React created itself chooses through the property: no `defaultSelected`.
    const options = [...field.options];
    return (
      options.some((o) => o.defaultSelected) &&
      options.some((o) => o.selected !== o.defaultSelected)
    );
  }
  if (field.type === "radio")
    return stateOf(field) === true && !(field as HTMLInputElement).defaultChecked;
  if (field.type === "checkbox")
    return stateOf(field) !== (field as HTMLInputElement).defaultChecked;
  return field.type !== "file" && field.value !== field.defaultValue;
};

/** A field's name across renders: a radio by its group and value, any other by its id. */
const keyOf = (field: Field): string =>
  field.type === "radio" ? `${field.name}=${field.value}` : field.id || field.name;

/** What the visitor changed in the frame's forms (at the address of `path`), by field. */
let noted: { path: string; fields: Map<string, Typed> } | undefined;

/**
 * Notes what the visitor changed in the frame's forms before the app starts: a part React
 * draws afresh instead of hydrating it (a language picked in the frame before the app ran:
 * its texts cannot match the frame's) has new, empty fields, whose forms take it from here.
 */
export function keepTypedBeforeHydration(root: HTMLElement): void {
  const fields = new Map<string, Typed>();
  for (const field of root.querySelectorAll<Field>("form input, form textarea, form select"))
    if (!field.disabled && keyOf(field) && changedBeforeHydration(field))
      fields.set(keyOf(field), stateOf(field));
  noted = { path: window.location.pathname, fields };
}

/**
 * The form value of what the visitor left in `field` in the frame before the app ran
 * (undefined: nothing): its live state, which React keeps while hydrating, or the note's
 * for a field React drew afresh (taken once, on the page it was noted on). A box gives
 * its tick, a checked radio its value, any other field its text or choice.
 */
export function typedInFrame(field: Field): Typed | undefined {
  if (noted && noted.path !== window.location.pathname) noted = undefined;
  const note = noted?.fields.get(keyOf(field));
  noted?.fields.delete(keyOf(field));
  const typed = changedBeforeHydration(field)
    ? stateOf(field)
    : note !== stateOf(field)
      ? note
      : undefined;
  if (field.type === "radio") return typed === true ? field.value : undefined;
  return typed;
}

/**
 * {@link typedInFrame} for the fields in `container`, by name: only names `values` has,
 * with a value of their type. Empty after a render without a frame.
 */
export function typedValuesInFrame(
  container: HTMLElement,
  values: Readonly<Record<string, unknown>>,
): Record<string, Typed> {
  const typed: Record<string, Typed> = {};
  for (const field of container.querySelectorAll<Field>("input, textarea, select")) {
    const value = field.disabled ? undefined : typedInFrame(field);
    if (value !== undefined && typeof values[field.name] === typeof value)
      typed[field.name] = value;
  }
  return typed;
}

/** Whether the visitor typed, chose or ticked anything in `root` (a frame) before the app ran. */
export const typedInFrameBefore = (root: ParentNode): boolean =>
  [...root.querySelectorAll<Field>("input, textarea, select")].some(changedBeforeHydration);

/** For tests: a new page load, with nothing typed into a frame. */
export const forgetTypedBeforeHydrationForTests = (): void => {
  noted = undefined;
};
