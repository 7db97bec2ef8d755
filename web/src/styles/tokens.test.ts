import { describe, expect, it } from "vitest";
import { colour, contrast } from "./css-reader.js";

// The pairs the stylesheet draws, by token: text must reach 4.5:1 (WCAG 1.4.3), borders of
// controls, status edges, meter colours and the focus ring 3:1 (WCAG 1.4.11).
const TEXT: ReadonlyArray<readonly [string, string]> = [
  ["--color-text", "--color-surface"],
  ["--color-text", "--color-bg"],
  ["--color-text-muted", "--color-surface"],
  ["--color-text-muted", "--color-bg"],
  ["--color-text-muted", "--neutral-100"],
  ["--neutral-700", "--color-surface"],
  ["--color-link", "--color-surface"],
  ["--color-link", "--color-bg"],
  ["--brand-800", "--brand-50"],
  ["--neutral-0", "--brand-700"],
  ["--neutral-0", "--brand-800"],
  ["--neutral-0", "--danger-700"],
  ["--danger-700", "--color-surface"],
  ["--danger-700", "--danger-50"],
  ["--success-700", "--color-surface"],
  ["--success-700", "--success-50"],
  ["--warning-700", "--warning-50"],
  ["--color-text", "--info-50"],
  ["--color-text", "--warning-50"],
  ["--color-text", "--danger-50"],
  ["--color-text", "--success-50"],
];
const UI: ReadonlyArray<readonly [string, string]> = [
  ["--color-border-strong", "--color-surface"],
  ["--color-border-strong", "--color-bg"],
  ["--focus", "--color-surface"],
  ["--focus", "--color-bg"],
  ["--focus-on-dark", "--brand-700"],
  ["--focus-on-dark", "--brand-800"],
  ["--brand-100", "--brand-700"],
  ["--brand-700", "--color-surface"],
  ["--danger-700", "--neutral-200"],
  ["--warning-500", "--color-surface"],
  ["--success-700", "--neutral-200"],
  ["--info-700", "--info-50"],
  ["--warning-500", "--warning-50"],
];

const ratio = (a: string, b: string) => contrast(colour(`var(${a})`), colour(`var(${b})`));

describe("contrast of the design tokens", () => {
  it.each(TEXT)("text %s on %s reaches 4.5:1", (fg, bg) => {
    expect(ratio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });
  it.each(UI)("UI part %s against %s reaches 3:1", (fg, bg) => {
    expect(ratio(fg, bg)).toBeGreaterThanOrEqual(3);
  });
  it("the formula is WCAG's: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#004b87", "#004b87")).toBe(1);
  });
});
