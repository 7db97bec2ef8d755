import { describe, expect, it } from "vitest";
import { releaseStartGarbage } from "./start-garbage.js";

// Issue 48: the process entry collects the start's garbage once; the first-start memory
// itself is counted by tests/src/first-start-memory.test.ts on the built server.
describe("releaseStartGarbage", () => {
  it("collects without putting gc on the process's global object", () => {
    expect(() => releaseStartGarbage()).not.toThrow();
    expect("gc" in globalThis).toBe(false);
  });
});
