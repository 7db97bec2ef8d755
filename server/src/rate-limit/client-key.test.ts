import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.js";

describe("clientKey: what a per-client limit counts", () => {
  it("keeps an IPv4 address", () => {
    expect(clientKey("192.0.2.1")).toBe("192.0.2.1");
  });

  it("counts every address of one IPv6 /64 as one client", () => {
    const keys = new Set(
      ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:1234::abcd"].map(
        clientKey,
      ),
    );
    expect([...keys]).toEqual(["2001:db8:1:2::/64"]);
  });

  it("tells two /64 networks apart", () => {
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
  });

  it("reads :: at the start, the end, and a zone", () => {
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("::FFFF:c000:0201")).toBe("192.0.2.1");
  });

  it("keeps what is no address", () => {
    expect(clientKey("")).toBe("");
    expect(clientKey("unknown")).toBe("unknown");
  });
});
