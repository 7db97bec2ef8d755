// The mails cannot use CSS custom properties, so they carry the app's colours as literals;
// this keeps the two in step and checks the mails' own text/background pairs for contrast.
import { readFileSync } from "node:fs";
import { MAIL_THEME } from "@portal/server";
import { describe, expect, it } from "vitest";

const tokensCss = readFileSync(
  new URL("../../../web/src/styles/tokens.css", import.meta.url),
  "utf8",
);

/** The value of a custom property in tokens.css, following `var(--x)` references. */
const token = (name: string): string => {
  const m = tokensCss.match(new RegExp(`--${name}:\\s*([^;]+);`));
  if (!m?.[1]) throw new Error(`tokens.css has no --${name}`);
  const value = m[1].trim();
  const ref = value.match(/^var\(--([\w-]+)\)$/);
  return ref?.[1] ? token(ref[1]) : value.toLowerCase();
};

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("the mails' colours are the app's tokens", () => {
  it.each([
    ["brand", "brand-700"],
    ["onBrand", "neutral-0"],
    ["text", "color-text"],
    ["muted", "color-text-muted"],
    ["surface", "color-surface"],
    ["canvas", "color-bg"],
    ["codeSurface", "brand-50"],
    ["border", "color-border"],
    ["danger", "danger-700"],
  ] as const)("%s = --%s", (key, name) => {
    expect(MAIL_THEME[key].toLowerCase()).toBe(token(name));
  });

  it.each([
    ["onBrand", "brand"],
    ["text", "surface"],
    ["text", "canvas"],
    ["muted", "surface"],
    ["muted", "canvas"],
    ["brand", "canvas"],
    ["brand", "surface"],
    ["brand", "codeSurface"],
    ["text", "codeSurface"],
    ["onBrand", "danger"],
    ["danger", "surface"],
  ] as const)("%s on %s reads at 4.5:1 or more", (fg, bg) => {
    expect(contrast(MAIL_THEME[fg], MAIL_THEME[bg])).toBeGreaterThanOrEqual(4.5);
  });
});
