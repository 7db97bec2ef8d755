import { describe, expect, it } from "vitest";
import { UNNAMED_PASSKEY, unnamedPasskey, unnamedPasskeyParts } from "./passkey-name.js";

describe("an unnamed passkey's stored name: no words of any language (issue 46)", () => {
  it.each([
    [["Chrome", "Linux"], "unnamed:Chrome:Linux", { browser: "Chrome", os: "Linux" }],
    [["Safari", "Unknown"], "unnamed:Safari", { browser: "Safari" }],
    [["Unknown", "Linux"], UNNAMED_PASSKEY, {}],
    [[undefined, undefined], UNNAMED_PASSKEY, {}],
    [
      ["Odd:Browser", "Linux"],
      "unnamed:Odd Browser:Linux",
      { browser: "Odd Browser", os: "Linux" },
    ],
  ] as const)("%j -> %s and back", ([browser, os], stored, parts) => {
    expect(unnamedPasskey(browser, os)).toBe(stored);
    expect(unnamedPasskeyParts(stored)).toEqual(parts);
  });

  it("keeps within a name's 64 characters", () =>
    expect(unnamedPasskey("B".repeat(40), "O".repeat(40)).length).toBeLessThanOrEqual(64));

  it.each(["Laptop", "Chrome on Linux", "unnamed:a:b:c", "unnamedX"])(
    "%s is a name somebody gave",
    (name) => expect(unnamedPasskeyParts(name)).toBeNull(),
  );
});
