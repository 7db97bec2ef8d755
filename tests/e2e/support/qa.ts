import type { Locator, Page } from "@playwright/test";

/** The element with a stable `data-qa` (style guide: selectors that survive refactors). */
export const qa = (scope: Page | Locator, name: string): Locator =>
  scope.locator(`[data-qa="${name}"]`);

/**
 * Types `value` into a field and leaves it, as a person moving on to the next field does:
 * the forms validate on blur and change, not on input (spec section 5).
 */
export const enter = async (field: Locator, value: string): Promise<void> => {
  await field.fill(value);
  await field.blur();
};
