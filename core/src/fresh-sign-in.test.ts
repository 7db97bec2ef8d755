import { describe, expect, it } from "vitest";
import { FRESH_SIGN_IN_SECONDS } from "./constants.js";
import { isFreshSignIn } from "./fresh-sign-in.js";

describe("isFreshSignIn: a sign-in within the last 5 minutes", () => {
  const now = 1_800_000_000;
  const cases: ReadonlyArray<readonly [string, unknown, boolean]> = [
    ["just now", now, true],
    ["exactly 5 minutes ago", now - FRESH_SIGN_IN_SECONDS, true],
    ["one second too long ago", now - FRESH_SIGN_IN_SECONDS - 1, false],
    ["an hour ago", now - 3_600, false],
    ["a few seconds ahead (clock skew)", now + 5, true],
    ["missing", undefined, false],
    ["a string", String(now), false],
    ["not a number", Number.NaN, false],
  ];
  it.each(cases)("%s", (_label, authTime, fresh) => {
    expect(isFreshSignIn(authTime, now)).toBe(fresh);
  });
});
