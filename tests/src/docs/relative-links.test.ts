import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Every relative link of the README, the docs/ folder and the server's README leads to a
// file that exists, and a link's #anchor to a heading of that file: moving a file or a
// section must move the links with it (issue 33 moved the README's long parts to docs/).
const root = join(import.meta.dirname, "..", "..", "..");
const files = [
  "README.md",
  "server/README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The markdown outside fenced code blocks (a link-like text in code is no link). */
const prose = (text: string): string => text.replace(/```[\s\S]*?```/g, "");

/** The relative targets of a file's `[text](target)` links. */
const relativeLinks = (text: string): string[] =>
  [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? "")
    .filter((target) => !/^(https?:|mailto:|#)/.test(target));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

const anchorsOf = (text: string): Set<string> =>
  new Set([...prose(text).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? "")));

describe.each(files)("the relative links of %s", (file) => {
  const text = readFileSync(join(root, file), "utf8");

  it("lead to files that exist, and anchors to their headings", () => {
    const broken: string[] = [];
    for (const link of relativeLinks(text)) {
      const [path = "", anchor] = link.split("#");
      const target = join(root, dirname(file), decodeURIComponent(path));
      if (!existsSync(target)) broken.push(`${link} (no ${relative(root, target)})`);
      else if (
        anchor &&
        target.endsWith(".md") &&
        !anchorsOf(readFileSync(target, "utf8")).has(anchor)
      )
        broken.push(`${link} (no heading #${anchor})`);
    }
    expect(broken).toEqual([]);
  });
});

describe("the link check", () => {
  it("finds links outside code blocks only, and makes GitHub's anchors", () => {
    expect(
      relativeLinks("[a](docs/x.md) [b](https://e.org) ```\n[c](y.md)\n``` [d](#top)"),
    ).toEqual(["docs/x.md"]);
    expect(slug("First start on PGlite: the prebuilt data folder")).toBe(
      "first-start-on-pglite-the-prebuilt-data-folder",
    );
  });
});
