import { describe, expect, it } from "vitest";
import { createVerifiedTokenCache } from "./verified-token-cache.js";

describe("verified token cache", () => {
  const cache = () => createVerifiedTokenCache<string>({ maxEntries: 3, maxAgeMs: 60_000 });

  it("answers a kept token until its own expiry", () => {
    const c = cache();
    c.set("t", "claims", 10_000, 0);
    expect(c.get("t", 9_999)).toBe("claims");
    expect(c.get("t", 10_000)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it("forgets a token after the age limit even when it expires later", () => {
    const c = cache();
    c.set("t", "claims", 3_600_000, 1_000);
    expect(c.get("t", 60_999)).toBe("claims");
    expect(c.get("t", 61_000)).toBeUndefined();
  });

  it("does not keep a token that has already expired", () => {
    const c = cache();
    c.set("t", "claims", 5_000, 5_000);
    expect(c.get("t", 5_000)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it("drops the oldest entry when full", () => {
    const c = cache();
    for (const t of ["a", "b", "c", "d"]) c.set(t, t, 10_000, 0);
    expect(c.size).toBe(3);
    expect(c.get("a", 1)).toBeUndefined();
    expect(["b", "c", "d"].map((t) => c.get(t, 1))).toEqual(["b", "c", "d"]);
  });

  it("answers only the very token it kept, not another that ends the same", () => {
    const c = cache();
    const signature = "S".repeat(86);
    c.set(`header.payload-of-erika.${signature}`, "erika", 10_000, 0);
    // Another header and payload under the same signature (a forgery) is no hit.
    expect(c.get(`header.payload-of-mallory.${signature}`, 1)).toBeUndefined();
    expect(c.get(`header.payload-of-erika.${signature}`, 1)).toBe("erika");
    // Kept in its place, the second is answered and the first verified anew.
    c.set(`header.payload-of-max.${signature}`, "max", 10_000, 0);
    expect(c.get(`header.payload-of-max.${signature}`, 1)).toBe("max");
    expect(c.get(`header.payload-of-erika.${signature}`, 1)).toBeUndefined();
    expect(c.size).toBe(1);
  });
});
