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
  it("answers this machine only, unless MAIL_OUTBOX=public", () => {
    expect(outboxReadableBy({ mailOutbox: "local" }, "127.0.0.1")).toBe(true);
    expect(outboxReadableBy({ mailOutbox: "local" }, "192.0.2.2")).toBe(false);
    expect(outboxReadableBy({ mailOutbox: "local" }, undefined)).toBe(false);
    expect(outboxReadableBy({ mailOutbox: "public" }, "192.0.2.2")).toBe(true);
  });
});
