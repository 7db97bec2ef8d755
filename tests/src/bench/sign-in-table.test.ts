import { describe, expect, it } from "vitest";
import { besidesHashing } from "./sign-in-table.js";

describe("the sign-in table's CPU besides hashing", () => {
  it("gives the milliseconds and their share of the sign-in", () => {
    expect(besidesHashing({ cpuMsPerSignIn: 20, hashMs: 15, otherShare: 0.25 })).toBe("5.0 (25 %)");
  });

  it("gives no negative share when the hash measured apart exceeds the whole sign-in", () => {
    expect(besidesHashing({ cpuMsPerSignIn: 77.8, hashMs: 80, otherShare: -0.03 })).toBe(
      "n/a (the hash measured apart exceeds the sign-in)",
    );
  });
});
