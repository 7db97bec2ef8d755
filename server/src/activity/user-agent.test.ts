import { describe, expect, it } from "vitest";
import { deviceHash, parseUserAgent } from "./user-agent.js";

const CASES = [
  {
    ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    browser: "Chrome",
    os: "Linux",
    device: "Desktop",
    mobile: false,
  },
  {
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    browser: "Firefox",
    os: "Windows",
    device: "Desktop",
    mobile: false,
  },
  {
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    browser: "Safari",
    os: "iOS",
    device: "Mobile",
    mobile: true,
  },
  { ua: "", browser: "Unknown", os: "Unknown", device: "Unknown", mobile: false },
  { ua: "node", browser: "Unknown", os: "Unknown", device: "Unknown", mobile: false },
];

describe("parseUserAgent", () => {
  it.each(CASES)("$browser on $os ($device)", ({ ua, browser, os, device, mobile }) => {
    expect(parseUserAgent(ua)).toMatchObject({ browser, os, device, mobile });
  });

  // Issue 29: two sessions of one browser and system told apart by the browser's version.
  it("reads the browser's major version", () => {
    expect(parseUserAgent(CASES[0]?.ua).browserVersion).toBe("131");
    expect(parseUserAgent(CASES[2]?.ua).browserVersion).toBe("17");
    expect(parseUserAgent("").browserVersion).toBe("Unknown");
    expect(parseUserAgent("node").browserVersion).toBe("Unknown");
  });

  it("keeps only plain characters of a hostile header, cut short", () => {
    const info = parseUserAgent(`Mozilla/5.0 <script>${"x".repeat(5000)}</script>\u202E`);
    for (const part of Object.values(info)) {
      if (typeof part === "string") {
        expect(part.length).toBeLessThanOrEqual(40);
        expect(part).not.toMatch(/[<>\u202E]/);
      }
    }
  });

  // Headers read lately answer from a bounded memory: still right after many others.
  it("reads a header the same after 300 other headers pushed it out", () => {
    const firefox = CASES[1]?.ua;
    const first = parseUserAgent(firefox);
    expect(parseUserAgent(firefox)).toBe(first);
    for (let i = 0; i < 300; i++) parseUserAgent(`Mozilla/5.0 (X11; Linux x86_64) Firefox/${i}.0`);
    expect(parseUserAgent(`Mozilla/5.0 (X11; Linux x86_64) Firefox/7.0`).browserVersion).toBe("7");
    expect(parseUserAgent(firefox)).toEqual(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("hashes browser and system, not versions", () => {
    const a = parseUserAgent(CASES[1]?.ua);
    const b = parseUserAgent(CASES[1]?.ua.replaceAll("133.0", "134.0"));
    expect(deviceHash(a)).toBe(deviceHash(b));
    expect(deviceHash(a)).not.toBe(deviceHash(parseUserAgent(CASES[0]?.ua)));
  });
});
