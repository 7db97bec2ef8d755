import { describe, expect, it } from "vitest";
import { browserPasskeyName, passkeyLabel } from "./passkey-labels.js";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe("a passkey's name on the provider's pages", () => {
  it.each([
    [CHROME_LINUX, "de", "Chrome unter Linux"],
    [CHROME_LINUX, "en", "Chrome on Linux"],
    [SAFARI_IPHONE, "fr", "Safari sous iOS"],
    [undefined, "en", "Passkey"],
    [undefined, "fr", "Clé d'accès"],
  ] as const)("browser %#: %s", (userAgent, language, name) => {
    expect(browserPasskeyName(userAgent, language)).toBe(name);
  });

  it.each([
    ["unnamed:Chrome:Linux", "de", "Chrome unter Linux"],
    ["unnamed:Chrome:Linux", "fr", "Chrome sous Linux"],
    ["unnamed:Safari", "en", "Safari"],
    ["unnamed", "fr", "Clé d'accès"],
    ["Laptop", "fr", "Laptop"],
  ] as const)("shows %s as %s: %s", (name, language, label) => {
    expect(passkeyLabel(name, language)).toBe(label);
  });
});
