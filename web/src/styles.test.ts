import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Non-text contrast (WCAG 1.4.11): focus rings and the highlighted suggestion must stand
// out at least 3:1 from the colour around them. Read from the stylesheet the app ships.
const css = readFileSync(join(import.meta.dirname, "styles.css"), "utf8");

/** The declarations of the first rule whose selector list is exactly `selector`. */
function declarations(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*");
  const match = new RegExp(`(?:^|})\\s*${escaped}\\s*\\{([^}]*)\\}`, "m").exec(css);
  if (!match?.[1]) throw new Error(`no rule for ${selector}`);
  const body = match[1].replace(/\/\*[\s\S]*?\*\//g, "");
  return Object.fromEntries(
    body
      .split(";")
      .map((d) => d.split(":").map((p) => p.trim()))
      .filter((p): p is [string, string] => p.length >= 2 && p[0] !== "")
      .map(([k, ...v]) => [k, v.join(":")] as [string, string]),
  );
}

const root = declarations(":root");

/** A colour value with `var(--x)` resolved against :root. */
function colour(value: string): string {
  const v = /var\((--[\w-]+)\)/.exec(value);
  const resolved = v?.[1] ? root[v[1]] : value;
  const hex = resolved && /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(resolved)?.[0];
  if (!hex) throw new Error(`not a hex colour: ${value}`);
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const white = "#ffffff";

describe("non-text contrast of the stylesheet (WCAG 1.4.11)", () => {
  it("the focus ring stands out 3:1 from the white page and the soft footer", () => {
    const ring = colour(
      declarations(
        "a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, [tabindex]:focus-visible",
      ).outline ?? "",
    );
    expect(contrast(ring, white)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, colour("var(--c-bg-soft)"))).toBeGreaterThanOrEqual(3);
  });

  it("in the blue header the focus ring stands out 3:1 from both header blues", () => {
    const ring = colour(declarations(".header :focus-visible")["outline-color"] ?? "");
    expect(contrast(ring, colour("var(--c-primary)"))).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, colour("var(--c-primary-dark)"))).toBeGreaterThanOrEqual(3);
  });

  it("the highlighted company suggestion stands out 3:1 from the white list, its text 4.5:1", () => {
    const rule = declarations(
      ".combobox__menu li.is-highlighted, .combobox__menu li.is-highlighted *",
    );
    const background = colour(rule.background ?? "");
    expect(contrast(background, white)).toBeGreaterThanOrEqual(3);
    expect(contrast(colour(rule.color ?? ""), background)).toBeGreaterThanOrEqual(4.5);
  });
});
