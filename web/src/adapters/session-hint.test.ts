import { afterEach, describe, expect, it } from "vitest";
import { SESSION_HINT_KEY, sessionHintCookie, storageSessionHint } from "./session-hint.js";

describe("session hint in local storage", () => {
  afterEach(() => localStorage.clear());

  it("reads no until told, then what it was told", () => {
    const hint = storageSessionHint();
    expect(hint.read()).toBe(false);
    hint.remember(true);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe("1");
    expect(hint.read()).toBe(true);
    hint.remember(false);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
    expect(hint.read()).toBe(false);
  });

  it("reads yes from the server's cookie where storage alone was cleared", () => {
    const jar = { cookie: "CAS_PREFERRED_LANGUAGE=de_DE; portal_signed_in=1" };
    expect(storageSessionHint(() => localStorage, jar).read()).toBe(true);
    expect(storageSessionHint(() => localStorage, { cookie: "portal_signed_in=" }).read()).toBe(
      false,
    );
  });

  it("storage that throws (private modes, quota) reads as no and takes nothing", () => {
    const hint = storageSessionHint(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(hint.read()).toBe(false);
    expect(() => hint.remember(true)).not.toThrow();
  });

  it("mirrors the hint into a cookie for the server, and removes it with the hint", () => {
    const jar = { cookie: "", location: { protocol: "https:" } };
    const hint = storageSessionHint(() => localStorage, jar);
    hint.remember(true);
    expect(jar.cookie).toBe(
      "portal_signed_in=1; Path=/benutzerverwaltung/; Max-Age=2592000; SameSite=Lax; Secure",
    );
    hint.remember(false);
    expect(jar.cookie).toBe(
      "portal_signed_in=; Path=/benutzerverwaltung/; Max-Age=0; SameSite=Lax; Secure",
    );
    expect(sessionHintCookie(true, "http:")).not.toContain("Secure");
  });
});
