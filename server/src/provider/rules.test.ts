import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { acceptedStep, newTotpSecret, waitAfterFailures } from "../credentials/index.js";
import { parseKcAction } from "./interactions/action-steps.js";
import { idSealer } from "./oidc/drizzle-adapter.js";
import { isWebAppUri, webRedirectUris } from "./oidc/redirect-uris.js";
import { looksLikeJwt, unwrapRefreshToken, wrapRefreshToken } from "./oidc/refresh-token-jwt.js";
import { escapeHtml, html } from "./pages/html.js";
import { pageLanguage } from "./pages/texts.js";

describe("brute-force waits: 'a growing temporary wait ... never a permanent lockout'", () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 60],
    [6, 120],
    [7, 240],
    [8, 480],
    [9, 900],
    [50, 900],
  ])("after %i failures in a row waits %i s", (failures, seconds) => {
    expect(waitAfterFailures(failures)).toBe(seconds);
  });
});

describe("authenticator-app codes: '6 digits, 30 s, each code usable once'", () => {
  const secret = newTotpSecret();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const now = Date.now();
  const step = totp.counter({ timestamp: now });
  it.each([
    ["the current code", totp.generate({ timestamp: now }), null, step],
    [
      "the previous period's code (clock drift)",
      totp.generate({ timestamp: now - 30_000 }),
      null,
      step - 1,
    ],
    ["a code of an already used step", totp.generate({ timestamp: now }), step, null],
    ["a code two periods old", totp.generate({ timestamp: now - 60_000 }), null, null],
    ["five digits", "12345", null, null],
    ["letters", "abcdef", null, null],
  ] as const)("%s", (_name, code, lastUsed, expected) => {
    expect(acceptedStep(secret, code, lastUsed, now)).toBe(expected);
  });
});

describe("kc_action values (Keycloak's application-initiated actions)", () => {
  const id = "0b6f5a0c-6f1e-4a43-9d7e-3c1d2b7a9e10";
  it.each([
    ["CONFIGURE_TOTP", { kind: "CONFIGURE_TOTP" }],
    ["CONFIGURE_EMAIL_OTP", { kind: "CONFIGURE_EMAIL_OTP" }],
    [`delete_credential:${id}`, { kind: "delete_credential", credentialId: id }],
    ["delete_credential:not-an-id", undefined],
    ["UPDATE_PASSWORD", undefined],
  ])("%s", (value, expected) => {
    expect(parseKcAction(value)).toEqual(expected);
  });
});

describe("redirect URIs of the web app", () => {
  const publicUrl = "http://localhost:8080";
  it("registers the base path, silent-check-sso.html and every route", () => {
    const uris = webRedirectUris(publicUrl);
    expect(uris).toContain("http://localhost:8080/benutzerverwaltung/");
    expect(uris).toContain("http://localhost:8080/benutzerverwaltung/silent-check-sso.html");
    expect(uris).toContain("http://localhost:8080/benutzerverwaltung/sicherheit");
  });
  it.each([
    ["http://localhost:8080/benutzerverwaltung/konto?prk=MC&client_id=x", true],
    ["http://localhost:8080/benutzerverwaltung/", true],
    ["http://localhost:8080/benutzerverwaltung/../admin", false],
    ["http://localhost:8080/other/", false],
    ["https://localhost:8080/benutzerverwaltung/", false],
    ["http://evil.example/benutzerverwaltung/", false],
    ["http://user:pw@localhost:8080/benutzerverwaltung/", false],
    ["http://localhost:8080/benutzerverwaltung/#frag", false],
  ])("%s -> %s", (uri, allowed) => {
    expect(isWebAppUri(publicUrl, uri)).toBe(allowed);
  });
});

describe("refresh tokens as JWTs (keycloak-js decodes them)", () => {
  const secret = new Uint8Array(32).fill(7);
  const issuer = "http://localhost:8080/realms/portal";
  it("carries the stored id as jti and comes back to it", async () => {
    const jwt = await wrapRefreshToken(secret, issuer, {
      jti: "abc",
      accountId: "p1",
      exp: 2_000_000_000,
    });
    expect(looksLikeJwt(jwt)).toBe(true);
    expect(decodeJwt(jwt)).toMatchObject({ typ: "Refresh", jti: "abc", sub: "p1", iss: issuer });
    expect(await unwrapRefreshToken(secret, issuer, jwt)).toBe("abc");
  });
  it("refuses another secret, another issuer and plain strings", async () => {
    const jwt = await wrapRefreshToken(secret, issuer, { jti: "abc" });
    expect(await unwrapRefreshToken(new Uint8Array(32).fill(8), issuer, jwt)).toBeUndefined();
    expect(await unwrapRefreshToken(secret, "http://other/realms/portal", jwt)).toBeUndefined();
    expect(looksLikeJwt("opaque-value")).toBe(false);
  });
});

describe("page language: kc_locale, then CAS_PREFERRED_LANGUAGE, then ui_locales, default de", () => {
  it.each([
    [{ kcLocale: "fr" }, undefined, "fr"],
    [{ kcLocale: "fr" }, "CAS_PREFERRED_LANGUAGE=en_US", "fr"],
    // A switch (in the app or on the sign-in page) wins over what the app asked for.
    [{ uiLocales: "fr" }, "CAS_PREFERRED_LANGUAGE=en_US", "en"],
    [{ uiLocales: "fr" }, "CAS_PREFERRED_LANGUAGE=xx", "fr"],
    [{ uiLocales: "en-US de" }, undefined, "en"],
    [{}, "CAS_PREFERRED_LANGUAGE=fr_LU", "fr"],
    [{}, "CAS_PREFERRED_LANGUAGE=de_AT", "de"],
    [{}, "CAS_PREFERRED_LANGUAGE=xx", "de"],
    [{}, undefined, "de"],
  ])("%o with cookie %s -> %s", (params, cookie, language) => {
    expect(pageLanguage(params, cookie)).toBe(language);
  });
});

describe("HTML of the pages", () => {
  it("escapes every interpolated text", () => {
    expect(html`<p>${'<script>alert("x")</script>'}</p>`.html).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>",
    );
    expect(escapeHtml("a'b&c")).toBe("a&#39;b&amp;c");
  });
});

describe("sealed artifact ids (device codes)", () => {
  it("opens what it sealed, and nothing sealed with another secret or altered", () => {
    const sealer = idSealer(new Uint8Array(32).fill(1));
    const sealed = sealer.seal("device-code-id");
    expect(sealed).not.toContain("device-code-id");
    expect(sealer.open(sealed)).toBe("device-code-id");
    expect(idSealer(new Uint8Array(32).fill(2)).open(sealed)).toBeUndefined();
    expect(sealer.open(`${sealed.slice(0, -2)}AA`)).toBeUndefined();
  });
});
