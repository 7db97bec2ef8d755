import { describe, expect, it } from "vitest";
import { median, percentile } from "./stats.js";

describe("percentile (nearest rank)", () => {
  it.each([
    { values: [3, 1, 2], p: 50, expected: 2 },
    { values: [1, 2, 3, 4], p: 50, expected: 2 },
    { values: Array.from({ length: 100 }, (_, i) => i + 1), p: 95, expected: 95 },
    { values: Array.from({ length: 100 }, (_, i) => i + 1), p: 99, expected: 99 },
    { values: [7], p: 99, expected: 7 },
  ])("p$p of $values.length values is $expected", ({ values, p, expected }) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it("median of three runs is the middle one", () => {
    expect(median([950, 1200, 1010])).toBe(1010);
  });

  it("an empty list has no percentile", () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
