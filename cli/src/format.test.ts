import { describe, expect, it } from "vitest";
import { pairs, plain, table } from "./format.js";

describe("pairs", () => {
  it("aligns values in one column, by code points", () => {
    expect(
      pairs([
        ["Schlüssel", "MC"],
        ["URL", "https://x"],
      ]),
    ).toBe("Schlüssel  MC\nURL        https://x");
  });
  it("no trailing spaces for an empty value", () => {
    expect(pairs([["A", ""]])).toBe("A");
  });
});

describe("table", () => {
  it("pads every column to its widest cell, the last without trailing spaces", () => {
    expect(
      table(
        ["#", "Name"],
        [
          ["1", "Muster GmbH"],
          ["10", "X"],
        ],
      ),
    ).toBe("#   Name\n1   Muster GmbH\n10  X");
  });
  it("cells from the portal lose control characters", () => {
    expect(table(["N"], [["a\u001b[2Jb"]])).toBe("N\na[2Jb");
  });
});

describe("plain", () => {
  it("keeps text, tabs and new lines", () => {
    expect(plain("a\tb\nc")).toBe("a\tb\nc");
  });
});
