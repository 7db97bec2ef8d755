import { isIPv4, isIPv6 } from "node:net";

/** Hex groups of an IPv6 address with `::` expanded (8 groups) and an embedded IPv4 tail turned into two groups. */
const ipv6Groups = (address: string): string[] => {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a, b, c, d] = dotted[1].split(".").map(Number) as [number, number, number, number];
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = text.slice(0, text.length - dotted[1].length) + tail;
  }
  const [head = "", rest] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = rest === undefined || rest === "" ? [] : rest.split(":");
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => "0"), ...right].map((g) =>
    Number.parseInt(g, 16).toString(16),
  );
};

/**
 * The client a per-client rate limit counts: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber's network: a provider hands a whole /64 to one line, so counting
 * each address would give one client 2^64 budgets), and an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 peer) as its IPv4
 * address. Anything else (no address) is kept as given.
 *
 * @example
 * clientKey("2001:db8:1:2:aaaa::1"); // "2001:db8:1:2::/64"
 * clientKey("::ffff:192.0.2.1");     // "192.0.2.1"
 */
export const clientKey = (address: string): string => {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 6).join(":") === "0:0:0:0:0:ffff";
  if (mapped) {
    const [high, low] = groups.slice(6).map((g) => Number.parseInt(g, 16)) as [number, number];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
};
