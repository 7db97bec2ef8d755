import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LOCALE_CHOICES } from "@portal/core";
import { describe, expect, it } from "vitest";
import { colour, contrast, declarations, importedFiles, stylesheet } from "./css-reader.js";

// The stylesheet the app ships: its parts in cascade order, the class contract the identity
// provider's pages rely on, and non-text contrast (WCAG 1.4.11) of rules that mix colours.
const css = stylesheet();
const white = "#ffffff";

describe("the stylesheet's files", () => {
  it("index.css imports every file of the folder once, tokens first and print last", () => {
    const files = importedFiles();
    const onDisk = readdirSync(import.meta.dirname).filter(
      (f) => f.endsWith(".css") && f !== "index.css",
    );
    expect([...files].sort()).toEqual([...onDisk].sort());
    expect(files[0]).toBe("tokens.css");
    expect(files.at(-1)).toBe("print.css");
  });

  it("only tokens.css spells out colours (besides white, black and print)", () => {
    for (const file of importedFiles().filter((f) => f !== "tokens.css" && f !== "print.css")) {
      const text = readFileSync(join(import.meta.dirname, file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/url\("data:[^"]*"\)/g, "");
      const hexes = [...text.matchAll(/#[0-9a-f]{3,6}\b/gi)].map((m) => m[0].toLowerCase());
      expect(
        hexes.filter((h) => !["#fff", "#ffffff", "#000"].includes(h)),
        file,
      ).toEqual(expect.arrayContaining([]));
    }
  });

  it("defines every class of the shared contract in README.md", () => {
    const readme = readFileSync(join(import.meta.dirname, "README.md"), "utf8");
    const contract = readme.slice(readme.indexOf("## Shared class contract"));
    const names = new Set([...contract.matchAll(/`(?:[a-z]+)?\.([\w-]+)`/g)].map((m) => m[1]));
    expect(names.size).toBeGreaterThan(30);
    for (const name of names) expect(css, `.${name}`).toMatch(new RegExp(`\\.${name}(?![\\w-])`));
  });
});

describe("the language switch's short tags", () => {
  // A tag per locale (language-switcher.tsx, the provider's layout): the sheet hides all but
  // the one of the option chosen in the select, so the tag follows a pick made before any
  // script runs (QA2 #6). Only hiding: whether the chosen one shows is the phone rule's.
  it("hides the tag of every locale whose option is not chosen, one selector per locale", () => {
    const selector = LOCALE_CHOICES.map(
      ({ locale }) =>
        `.lang-switch:has(option[value="${locale}"]:not(:checked)) .lang-switch__short[data-locale="${locale}"]`,
    ).join(", ");
    expect(declarations(css, selector)).toEqual({ display: "none" });
  });

  it("without :has() keeps the tag the app marks as shown; never a tag under forced colours", () => {
    expect(css).toMatch(
      /@supports not selector\(:has\(\*\)\)\s*\{\s*\.lang-switch__short:not\(\[data-current\]\)\s*\{\s*display:\s*none;\s*\}/,
    );
    expect(css).toMatch(
      /@media \(forced-colors: active\)\s*\{\s*\.lang-switch__short\s*\{\s*display:\s*none;/,
    );
  });
});

describe("non-text contrast of the stylesheet (WCAG 1.4.11)", () => {
  it("the focus ring stands out 3:1 from the white page and the grey background", () => {
    const ring = colour(declarations(css, ":focus-visible").outline?.split(" ").at(-1) ?? "");
    expect(contrast(ring, white)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, colour("var(--color-bg)"))).toBeGreaterThanOrEqual(3);
  });

  it("what takes the focus after a page change is ringed for keyboard users only (issue 29)", () => {
    expect(declarations(css, '[tabindex="-1"]:focus-visible')).toMatchObject({ outline: "none" });
    expect(
      declarations(css, 'html[data-input="keyboard"] [tabindex="-1"]:focus-visible'),
    ).toMatchObject({ outline: declarations(css, ":focus-visible").outline });
  });

  it("in the blue header the focus ring stands out 3:1 from both header blues", () => {
    const ring = colour(declarations(css, ".site-header :focus-visible")["outline-color"] ?? "");
    expect(contrast(ring, colour("var(--brand-700)"))).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, colour("var(--brand-800)"))).toBeGreaterThanOrEqual(3);
  });

  it("the highlighted company suggestion stands out 3:1 from the white list, its text 4.5:1", () => {
    const rule = declarations(
      css,
      ".combobox__menu li.is-highlighted, .combobox__menu li.is-highlighted *",
    );
    const background = colour(rule.background ?? "");
    expect(contrast(background, white)).toBeGreaterThanOrEqual(3);
    expect(contrast(colour(rule.color ?? ""), background)).toBeGreaterThanOrEqual(4.5);
  });

  it("the strength meter's colours are core's red and green, each 3:1 on its track", () => {
    const track = colour(declarations(css, ".strength-bar").background ?? "");
    for (const tone of ["red", "green"]) {
      const fill = colour(
        declarations(css, `.strength-bar--${tone} .strength-bar__fill`).background ?? "",
      );
      expect(contrast(fill, track)).toBeGreaterThanOrEqual(3);
    }
  });
});
