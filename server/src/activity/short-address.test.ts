import { describe, expect, it } from "vitest";
import { shortenAddress } from "./short-address.js";

const CASES = [
  ["192.168.1.23", "192.168.1.x"],
  ["127.0.0.1", "127.0.0.x"],
  ["::ffff:10.0.0.7", "10.0.0.x"],
  ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"],
  ["2001:0db8::1", "2001:db8:0::"],
  ["::1", "0:0:0::"],
  ["fe80::1%eth0", "fe80:0:0::"],
  ["not an address", "Unknown"],
  [undefined, "Unknown"],
] as const;

describe("shortenAddress", () => {
  it.each(CASES)("%s -> %s", (address, short) => {
    expect(shortenAddress(address)).toBe(short);
  });
});
