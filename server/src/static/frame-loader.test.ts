import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FRAME_LOADER_CSP_SOURCE, FRAME_LOADER_SCRIPT, withFrameLoader } from "./frame-loader.js";

describe("the framed page's loader", () => {
  it("replaces index.html's entry script and keeps the entry's path in data-entry", () => {
    const index =
      '<head><script type="module" crossorigin src="/benutzerverwaltung/assets/index-Ab12.js"></script>\n<link rel="stylesheet" href="/x.css"></head>';
    expect(withFrameLoader(index)).toBe(
      `<head><script data-entry="/benutzerverwaltung/assets/index-Ab12.js">${FRAME_LOADER_SCRIPT}</script>\n<link rel="stylesheet" href="/x.css"></head>`,
    );
  });

  it("leaves a page without Vite's entry script as it is", () => {
    const index = '<head><script src="/other.js"></script></head>';
    expect(withFrameLoader(index)).toBe(index);
  });

  it("is allowed by its SHA-256 in the CSP, which allows no other text", () => {
    const digest = createHash("sha256").update(FRAME_LOADER_SCRIPT).digest("base64");
    expect(FRAME_LOADER_CSP_SOURCE).toBe(`'sha256-${digest}'`);
    // The hash covers the text between the tags exactly: nothing in it may vary by build.
    expect(FRAME_LOADER_SCRIPT).not.toMatch(/assets|index-|<\/script/);
  });
});
