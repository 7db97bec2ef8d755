import { readFileSync } from "node:fs";
import { join } from "node:path";

// Test helpers that read the shipped stylesheet: its files in index.css's order, rules by
// selector, colours with var() resolved against tokens.css, and the WCAG contrast ratio.

const dir = import.meta.dirname;

/** The files index.css imports, in order. */
export const importedFiles = (): string[] =>
  [...readFileSync(join(dir, "index.css"), "utf8").matchAll(/@import "\.\/([\w-]+\.css)";/g)].map(
    (m) => m[1] as string,
  );

/** The whole stylesheet as the app ships it, comments removed. */
export const stylesheet = (): string =>
  importedFiles()
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n")
    .replace(/\/\*[\s\S]*?\*\//g, "");

/** The declarations of the first rule whose selector list is exactly `selector`. */
export function declarations(css: string, selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*");
  const match = new RegExp(`(?:^|[};])\\s*${escaped}\\s*\\{([^}]*)\\}`, "m").exec(css);
  if (!match?.[1]) throw new Error(`no rule for ${selector}`);
  return Object.fromEntries(
    match[1]
      .split(";")
      .map((d) => d.split(":").map((p) => p.trim()))
      .filter((p): p is [string, string] => p.length >= 2 && p[0] !== "")
      .map(([k, ...v]) => [k, v.join(":")] as [string, string]),
  );
}

/** The custom properties of tokens.css. */
export const tokens = (): Record<string, string> =>
  declarations(
    readFileSync(join(dir, "tokens.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, ""),
    ":root",
  );

/** A colour value (hex, `#fff`, or `var(--x)` chains) as six-digit hex. */
export function colour(value: string, vars: Record<string, string> = tokens()): string {
  let v = value.trim();
  for (let i = 0; i < 5; i++) {
    const ref = /^var\((--[\w-]+)\)$/.exec(v);
    if (!ref?.[1]) break;
    v = vars[ref[1]] ?? "";
  }
  const hex = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(v)?.[0];
  if (!hex) throw new Error(`not a hex colour: ${value}`);
  return (
    hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex
  ).toLowerCase();
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG 2 contrast ratio of two hex colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
