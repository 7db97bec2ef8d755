import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cookieSigner } from "./cookie-signer.js";

// Keygrip's signature, as Koa wrote the provider's cookies before (sha1, base64 with
// "/" -> "_", "+" -> "-" and "=" dropped): what a browser may still send.
const keygripSignature = (data: string, key: string) =>
  createHmac("sha1", key)
    .update(data)
    .digest("base64")
    .replace(/\/|\+|=/g, (c) => ({ "/": "_", "+": "-", "=": "" })[c] ?? c);

describe("the provider's cookie signatures", () => {
  const data = "_interaction=4Qx1b5V3yWZp6cJ0; path=/interaction/4Qx1b5V3yWZp6cJ0";

  it("signs as Keygrip did, so cookies signed before still verify", () => {
    const signer = cookieSigner(["new-key", "old-key"]);
    expect(signer.sign(data)).toBe(keygripSignature(data, "new-key"));
    expect(signer.index(data, keygripSignature(data, "new-key"))).toBe(0);
  });

  it("still knows a cookie signed under a key rotated to second place", () => {
    const signer = cookieSigner(["new-key", "old-key"]);
    expect(signer.index(data, keygripSignature(data, "old-key"))).toBe(1);
    expect(signer.verify(data, keygripSignature(data, "old-key"))).toBe(true);
  });

  it("refuses a signature of other data, another key, or another length", () => {
    const signer = cookieSigner(["new-key"]);
    const good = signer.sign(data);
    expect(signer.index(`${data}x`, good)).toBe(-1);
    expect(signer.index(data, keygripSignature(data, "someone-elses"))).toBe(-1);
    expect(signer.verify(data, good.slice(1))).toBe(false);
    expect(signer.verify(data, "")).toBe(false);
  });

  it("needs a key", () => {
    expect(() => cookieSigner([])).toThrow(/at least one key/);
  });
});
