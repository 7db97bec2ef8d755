/**
 * What a person can recognise a device by: browser, system (with its version) and the kind
 * of device, read from the User-Agent header with bowser. Unknown or absent parts read
 * "Unknown" (Keycloak's account console does the same); the device hash names one
 * browser-and-system pair, the unit "new device" is counted in.
 */
import { createHash } from "node:crypto";
import Bowser from "bowser";

export interface DeviceInfo {
  readonly browser: string;
  /** The browser's major version ("133"), or "Unknown": tells two otherwise alike apart. */
  readonly browserVersion: string;
  readonly os: string;
  readonly osVersion: string;
  /** "Desktop", "Mobile", "Tablet", ... */
  readonly device: string;
  readonly mobile: boolean;
}

export const UNKNOWN = "Unknown";
// A header is the client's to write: only so much of it is read, and names are cut short.
const MAX_HEADER = 512;
const MAX_NAME = 40;

// A Map: the key is read off the client's header, and a plain object would also answer
// inherited names such as `constructor`.
const DEVICE_KINDS: ReadonlyMap<string, string> = new Map([
  ["desktop", "Desktop"],
  ["mobile", "Mobile"],
  ["tablet", "Tablet"],
  ["tv", "TV"],
  ["bot", "Bot"],
]);

const clean = (value: string | undefined): string => {
  const text = (value ?? "").replace(/[^\p{L}\p{N} ._()/-]/gu, "").trim();
  return text === "" ? UNKNOWN : text.slice(0, MAX_NAME);
};

const UNKNOWN_DEVICE: DeviceInfo = Object.freeze({
  browser: UNKNOWN,
  browserVersion: UNKNOWN,
  os: UNKNOWN,
  osVersion: UNKNOWN,
  device: UNKNOWN,
  mobile: false,
});

const parse = (ua: string): DeviceInfo => {
  const parser = Bowser.getParser(ua);
  const platform = parser.getPlatformType(true);
  return Object.freeze({
    browser: clean(parser.getBrowserName()),
    browserVersion: clean(/^\d+/.exec(parser.getBrowserVersion() ?? "")?.[0]),
    os: clean(parser.getOSName()),
    osVersion: clean(parser.getOSVersion()),
    device: DEVICE_KINDS.get(platform) ?? UNKNOWN,
    mobile: platform === "mobile" || platform === "tablet",
  });
};

/**
 * Headers read lately, to what they say. One sign-in reads its browser's header at three
 * steps (the sign-in record, the session's device, the alert check), and bowser tries its
 * browser and system patterns one after another each time: 1.6 % of a sign-in's CPU
 * (perf, 2026-11-29). Bounded, as the keys are the clients' to write; the oldest goes first.
 */
const RECENT_HEADERS = 256;
const recent = new Map<string, DeviceInfo>();

/**
 * Browser, system and device kind of a User-Agent header (frozen: the same object may
 * answer for the same header again).
 *
 * @example
 * parseUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0");
 * // { browser: "Firefox", os: "Linux", osVersion: "Unknown", device: "Desktop", mobile: false }
 */
export const parseUserAgent = (header: string | undefined): DeviceInfo => {
  const ua = (header ?? "").slice(0, MAX_HEADER);
  if (ua === "") return UNKNOWN_DEVICE;
  let info = recent.get(ua);
  if (!info) {
    info = parse(ua);
    if (recent.size >= RECENT_HEADERS) recent.delete(recent.keys().next().value as string);
    recent.set(ua, info);
  }
  return info;
};

/** The hash of a device's browser and system: what "seen before" compares. */
export const deviceHash = (info: Pick<DeviceInfo, "browser" | "os">): string =>
  createHash("sha256").update(`${info.browser}\n${info.os}`).digest("hex");
