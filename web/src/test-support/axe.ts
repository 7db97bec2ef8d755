import axe from "axe-core";
import { expect } from "vitest";

/**
 * Runs axe-core on `container` and fails with the rule ids and targets of every violation.
 * Colour contrast is skipped: jsdom does not compute styles.
 *
 * @example
 * await expectNoAxeViolations(container);
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    rules: { "color-contrast": { enabled: false } },
    resultTypes: ["violations"],
  });
  const found = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(found).toEqual([]);
}
