import { describe, expect, it } from "vitest";
import { normaliseEmail } from "./email.js";

describe("normaliseEmail", () => {
  it.each([
    [" Anna.Muster@Example.ORG ", "anna.muster@example.org"],
    ["anna@example.org", "anna@example.org"],
    ["\tBEN@EXAMPLE.ORG\n", "ben@example.org"],
  ])("%j -> %j", (raw, normalised) => expect(normaliseEmail(raw)).toBe(normalised));
});
