import { describe, expect, it } from "vitest";
import { ConfigError } from "../config.js";
import {
  assertOutboxNotExposed,
  isLoopbackAddress,
  isLoopbackHost,
  outboxReadableBy,
} from "./outbox-exposure.js";

describe("isLoopbackHost", () => {
  it.each([
    "localhost",
    "LOCALHOST",
    "localhost.",
    "portal.localhost",
    "127.0.0.1",
    "127.1.2.3",
    "[::1]",
    "[::ffff:7f00:1]",
  ])("takes %s for this machine", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    "portal.example.org",
    "localhost.example.org",
    "mylocalhost",
    "0.0.0.0",
    "10.0.0.5",
    "192.0.2.2",
    "[::]",
    "[fd00::2]",
  ])("takes %s for another machine", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("isLoopbackAddress", () => {
  it("knows the loopback peers a socket reports, and nothing else", () => {
    for (const peer of ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(peer), peer).toBe(true);
    }
    for (const peer of ["192.0.2.2", "::ffff:192.0.2.2", "fd00::2", "::", "", undefined]) {
      expect(isLoopbackAddress(peer), String(peer)).toBe(false);
    }
  });
});

describe("assertOutboxNotExposed", () => {
  const publicServer = {
    publicUrl: "https://portal.example.org",
    smtpUrl: undefined,
    mailOutbox: "local",
  } as const;

  it("lets a server on this machine keep its outbox, and one with SMTP start anywhere", () => {
    expect(() =>
      assertOutboxNotExposed({ ...publicServer, publicUrl: "http://localhost:8080" }),
    ).not.toThrow();
    expect(() =>
      assertOutboxNotExposed({ ...publicServer, publicUrl: "http://127.0.0.1:41234" }),
    ).not.toThrow();
    expect(() =>
      assertOutboxNotExposed({ ...publicServer, smtpUrl: "smtp://mail.example.org:25" }),
    ).not.toThrow();
  });

  it("refuses a public PUBLIC_URL without SMTP_URL, naming SMTP_URL and MAIL_OUTBOX", () => {
    let error: unknown;
    try {
      assertOutboxNotExposed(publicServer);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      "No SMTP_URL for PUBLIC_URL=https://portal.example.org: every mail (reset links, codes) would be readable by anyone at /outbox. Set SMTP_URL=smtp://host:port, or MAIL_OUTBOX=public for a demo whose mails anyone may read",
    );
    expect(() =>
      assertOutboxNotExposed({ ...publicServer, publicUrl: "http://192.0.2.2:8080" }),
    ).toThrow(ConfigError);
  });

  it("starts a public demo when MAIL_OUTBOX=public asks for it", () => {
    expect(() => assertOutboxNotExposed({ ...publicServer, mailOutbox: "public" })).not.toThrow();
  });
});

describe("outboxReadableBy", () => {
  const local = { mailOutbox: "local" } as const;
  const asked = (
    peerAddress: string | undefined,
    headers: Record<string, string> = { host: "localhost:8080" },
  ) => ({ peerAddress, headers });

  it.each([
    ["from this machine to localhost", asked("127.0.0.1"), true],
    ["over IPv6 loopback to [::1]", asked("::1", { host: "[::1]:8080" }), true],
    [
      "IPv4-mapped loopback to 127.0.0.1",
      asked("::ffff:127.0.0.1", { host: "127.0.0.1:8080" }),
      true,
    ],
    ["from the network", asked("192.0.2.2"), false],
    ["without a peer", asked(undefined), false],
    // A proxy or tunnel on this machine connects from loopback, for somebody elsewhere.
    [
      "through a proxy (X-Forwarded-For)",
      asked("127.0.0.1", { host: "localhost", "x-forwarded-for": "203.0.113.9" }),
      false,
    ],
    [
      "through a proxy (Forwarded)",
      asked("127.0.0.1", { host: "localhost", forwarded: "for=203.0.113.9" }),
      false,
    ],
    [
      "through a proxy (X-Real-IP)",
      asked("127.0.0.1", { host: "localhost", "x-real-ip": "203.0.113.9" }),
      false,
    ],
    // DNS rebinding: another site's name resolved to 127.0.0.1 in the developer's browser.
    [
      "to another host name (DNS rebinding)",
      asked("127.0.0.1", { host: "rebind.attacker.example" }),
      false,
    ],
    ["without a Host header", asked("127.0.0.1", {}), false],
    ["with a broken Host header", asked("127.0.0.1", { host: "a b" }), false],
  ])("local outbox, %s", (_, request, readable) => {
    expect(outboxReadableBy(local, request)).toBe(readable);
  });

  it("answers anyone with MAIL_OUTBOX=public", () => {
    const proxied = asked("192.0.2.2", { host: "demo.example", "x-forwarded-for": "203.0.113.9" });
    expect(outboxReadableBy({ mailOutbox: "public" }, proxied)).toBe(true);
  });
});
