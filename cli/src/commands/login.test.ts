import { ok } from "@portal/core";
import { describe, expect, it } from "vitest";
import { OidcSession } from "../adapters/oidc-session.js";
import type { DeviceChallenge, OidcGrants } from "../adapters/openid-grants.js";
import { translator } from "../i18n.js";
import { FakeTerminal } from "../testing/fake-terminal.js";
import { MemoryTokenStore } from "../testing/fakes.js";
import { collectLogin, printDeviceChallenge, printLogin } from "./login.js";
import { printLogout } from "./logout.js";

const issuer = "http://portal.test/realms/portal";
const challenge: DeviceChallenge = {
  verificationUri: `${issuer}/device`,
  verificationUriComplete: `${issuer}/device?user_code=WDJB-MJHT`,
  userCode: "WDJB-MJHT",
  expiresIn: 600,
  handle: {},
};
const accessToken = `h.${Buffer.from(JSON.stringify({ preferred_username: "stefan@example.de" })).toString("base64url")}.s`;
const grants: OidcGrants = {
  clientCredentials: async () => ok({ accessToken, refreshToken: null, expiresIn: 300 }),
  refresh: async () => ok({ accessToken, refreshToken: "r", expiresIn: 300 }),
  startDevice: async () => ok(challenge),
  pollDevice: async () => ok({ accessToken, refreshToken: "r", expiresIn: 300 }),
  revoke: async () => ok(undefined),
};
const clock = { now: () => new Date("2026-03-05T10:00:00.000Z") };
const session = () =>
  new OidcSession(issuer, "portal-support", "s3cret", grants, new MemoryTokenStore(), clock);

describe("printDeviceChallenge", () => {
  it("the address, the code, and the address that carries the code", () => {
    expect(printDeviceChallenge(challenge, translator("en"))).toBe(
      [
        `To sign in, open ${issuer}/device and enter the code WDJB-MJHT`,
        `Or open this address, which carries the code: ${issuer}/device?user_code=WDJB-MJHT`,
      ].join("\n"),
    );
  });
  it("without a complete address, only the first line", () => {
    expect(
      printDeviceChallenge({ ...challenge, verificationUriComplete: null }, translator("de")),
    ).toBe(`Zum Anmelden öffnen Sie ${issuer}/device und geben den Code WDJB-MJHT ein`);
  });
});

describe("collectLogin", () => {
  it("shows the challenge on stdout and waits with a spinner", async () => {
    const terminal = new FakeTerminal({ tty: true });
    const result = await collectLogin(session(), terminal, translator("en"), false);
    expect(result).toEqual(
      ok({
        issuer,
        who: "stefan@example.de",
        expiresAt: Date.parse("2026-03-05T10:05:00Z") / 1000,
      }),
    );
    expect(terminal.outText).toContain("enter the code WDJB-MJHT");
    expect(terminal.spinners).toEqual(["Waiting for the sign-in to complete"]);
  });
  it("with --json the challenge goes to stderr, so stdout keeps one document", async () => {
    const terminal = new FakeTerminal();
    await collectLogin(session(), terminal, translator("en"), true);
    expect(terminal.stdout).toEqual([]);
    expect(terminal.errText).toContain("enter the code WDJB-MJHT");
  });
});

describe("printLogin / printLogout", () => {
  it("who, where and until when", () => {
    expect(
      printLogin(
        { issuer, who: "stefan@example.de", expiresAt: Date.parse("2026-03-05T10:05:00Z") / 1000 },
        translator("en"),
      ),
    ).toBe(
      `Signed in at ${issuer} as stefan@example.de; the token is valid until 05.03.2026 10:05 UTC.`,
    );
  });
  it.each([
    [true, `Signed out of ${issuer}; the stored tokens are removed.`],
    [false, `No stored sign-in for ${issuer}; nothing to remove.`],
  ])("removed %s", (removed, text) => {
    expect(printLogout({ issuer, removed }, translator("en"))).toBe(text);
  });
});
