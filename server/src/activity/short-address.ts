/**
 * A client address shortened to what a person needs to recognise it and no more: the
 * network of an IPv4 address (`192.168.1.x`) or the first three groups of an IPv6 one
 * (`2001:db8:85a3::`), so the activity list and the device list never store a full
 * address.
 */
import { isIPv4, isIPv6 } from "node:net";

const expandIpv6 = (address: string): string[] => {
  const [head = "", tail = ""] = address.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = address.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
};

/**
 * @example
 * shortenAddress("192.168.1.23"); // "192.168.1.x"
 * shortenAddress("2001:db8:85a3:8d3:1319:8a2e:370:7348"); // "2001:db8:85a3::"
 * shortenAddress("::ffff:10.0.0.7"); // "10.0.0.x"
 */
export const shortenAddress = (address: string | undefined): string => {
  const raw = (address ?? "").replace(/^::ffff:/i, "").replace(/%.*$/, "");
  if (isIPv4(raw)) return `${raw.split(".").slice(0, 3).join(".")}.x`;
  if (isIPv6(raw)) {
    const groups = expandIpv6(raw.toLowerCase()).slice(0, 3);
    return `${groups.map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::`;
  }
  return "Unknown";
};
