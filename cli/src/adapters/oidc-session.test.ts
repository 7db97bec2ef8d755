import { err, ok } from "@portal/core";
import { describe, expect, it } from "vitest";
import { MemoryTokenStore } from "../testing/fakes.js";
import { jwtClaims, OidcSession } from "./oidc-session.js";
import type { DeviceChallenge, GrantError, GrantTokens, OidcGrants } from "./openid-grants.js";
import type { StoredToken } from "./token-store.js";

const issuer = "http://portal.test/realms/portal";
const NOW = 1_800_000_000;
const clock = { now: () => new Date(NOW * 1000) };

const jwt = (claims: Record<string, unknown>) =>
  `h.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.s`;

const tokens = (name: string, expiresIn = 300): GrantTokens => ({
  accessToken: jwt({ sub: name, preferred_username: name }),
  refreshToken: `refresh-${name}`,
  expiresIn,
});

const challenge: DeviceChallenge = {
  verificationUri: "http://portal.test/realms/portal/device",
  verificationUriComplete: null,
  userCode: "ABCD-EFGH",
  expiresIn: 600,
  handle: {},
};

/** Grants that answer from a script and record what was asked. */
const fakeGrants = (script: {
  client?: GrantTokens | GrantError;
  refresh?: GrantTokens | GrantError;
  device?: GrantTokens | GrantError;
}) => {
  const asked: string[] = [];
  const answer = (value: GrantTokens | GrantError | undefined) =>
    value && "_tag" in value ? err(value) : ok(value ?? tokens("default"));
  const record = <T>(name: string, value: T) => {
    asked.push(name);
    return value;
  };
  const grants: OidcGrants = {
    clientCredentials: async () => record("client", answer(script.client)),
    refresh: async (r) => record(`refresh:${r}`, answer(script.refresh)),
    startDevice: async () => record("start", ok(challenge)),
    pollDevice: async () => record("poll", answer(script.device)),
    revoke: async (t) => record(`revoke:${t}`, ok(undefined)),
  };
  return { grants, asked };
};

const login = (expiresAt: number, clientId = "portal-support"): StoredToken => ({
  grant: "device_code",
  clientId,
  accessToken: jwt({ sub: "staff" }),
  refreshToken: "refresh-old",
  expiresAt,
});

const session = (grants: OidcGrants, store: MemoryTokenStore, secret: string | null = null) =>
  new OidcSession(issuer, "portal-support", secret, grants, store, clock);

describe("OidcSession.bearer", () => {
  it("uses a stored sign-in that is valid for at least 10 more seconds", async () => {
    const store = new MemoryTokenStore();
    await store.write(issuer, { login: login(NOW + 10) });
    const fake = fakeGrants({});
    expect(await session(fake.grants, store).bearer()).toEqual(ok(login(0).accessToken));
    expect(fake.asked).toEqual([]);
  });

  it("refreshes when fewer than 10 seconds remain, and stores the new tokens", async () => {
    const store = new MemoryTokenStore();
    await store.write(issuer, { login: login(NOW + 9) });
    const fake = fakeGrants({ refresh: tokens("fresh", 300) });
    const s = session(fake.grants, store);
    expect(await s.bearer()).toEqual(ok(tokens("fresh").accessToken));
    expect(fake.asked).toEqual(["refresh:refresh-old"]);
    expect((await store.read(issuer)).login).toMatchObject({
      refreshToken: "refresh-fresh",
      expiresAt: NOW + 300,
    });
    expect(s.isAuthenticated()).toBe(true);
    expect(s.claims()).toMatchObject({ sub: "fresh" });
  });

  it("a refused refresh (400) clears the sign-in and asks to sign in again", async () => {
    const store = new MemoryTokenStore();
    await store.write(issuer, { login: login(NOW - 1) });
    const fake = fakeGrants({ refresh: { _tag: "Refused", status: 400, reason: "invalid_grant" } });
    expect(await session(fake.grants, store).bearer()).toEqual(
      err({ _tag: "Failed", message: { key: "error.sessionExpired", params: { issuer } } }),
    );
    expect(await store.read(issuer)).toEqual({});
  });

  it("a refresh refused otherwise (401: a wrong client secret) keeps the sign-in", async () => {
    const store = new MemoryTokenStore();
    await store.write(issuer, { login: login(NOW - 1) });
    const fake = fakeGrants({
      refresh: { _tag: "Refused", status: 401, reason: "invalid_client" },
    });
    expect(await session(fake.grants, store).bearer()).toMatchObject({
      ok: false,
      error: { message: { key: "error.identityRefused", params: { reason: "invalid_client" } } },
    });
    expect((await store.read(issuer)).login).toBeDefined();
  });

  it("an unreachable provider during refresh keeps the sign-in", async () => {
    const store = new MemoryTokenStore();
    await store.write(issuer, { login: login(NOW - 1) });
    const fake = fakeGrants({ refresh: { _tag: "Unreachable", reason: "ECONNREFUSED" } });
    expect(await session(fake.grants, store).bearer()).toMatchObject({
      ok: false,
      error: { message: { key: "error.identityUnreachable", params: { reason: "ECONNREFUSED" } } },
    });
    expect((await store.read(issuer)).login).toBeDefined();
  });

  it("without a sign-in and without a client secret: not signed in", async () => {
    const fake = fakeGrants({});
    expect(await session(fake.grants, new MemoryTokenStore()).bearer()).toEqual(
      err({ _tag: "Failed", message: { key: "error.notSignedIn", params: { issuer } } }),
    );
    expect(fake.asked).toEqual([]);
  });

  it("with the client secret: client credentials, cached until near expiry", async () => {
    const store = new MemoryTokenStore();
    const fake = fakeGrants({ client: tokens("robot", 60) });
    const s = session(fake.grants, store, "s3cret");
    expect(await s.bearer()).toEqual(ok(tokens("robot").accessToken));
    expect(await s.bearer()).toEqual(ok(tokens("robot").accessToken));
    expect(fake.asked).toEqual(["client"]);
    expect((await store.read(issuer)).client).toMatchObject({
      grant: "client_credentials",
      expiresAt: NOW + 60,
    });
  });

  it("a cached token is not reused with another client secret", async () => {
    const store = new MemoryTokenStore();
    await session(fakeGrants({ client: tokens("robot", 60) }).grants, store, "s3cret").bearer();
    const other = fakeGrants({
      client: { _tag: "Refused", status: 401, reason: "invalid_client" },
    });
    expect(await session(other.grants, store, "wrong").bearer()).toMatchObject({ ok: false });
    expect(other.asked).toEqual(["client"]);
    expect(JSON.stringify([...store.issuers.values()])).not.toContain("s3cret");
  });

  it("a wrong client secret is the provider's refusal in words", async () => {
    const fake = fakeGrants({ client: { _tag: "Refused", status: 401, reason: "invalid_client" } });
    expect(await session(fake.grants, new MemoryTokenStore(), "s3cret").bearer()).toMatchObject({
      ok: false,
      error: { message: { key: "error.identityRefused", params: { reason: "invalid_client" } } },
    });
  });

  it("a sign-in of another client id does not count", async () => {
    const store = new MemoryTokenStore();
    await store.write(issuer, { login: login(NOW + 300, "someone-else") });
    expect(await session(fakeGrants({}).grants, store).bearer()).toMatchObject({
      ok: false,
      error: { message: { key: "error.notSignedIn" } },
    });
  });
});

describe("OidcSession.signIn (device authorization grant)", () => {
  it("shows the challenge, polls, stores the sign-in and says who signed in", async () => {
    const store = new MemoryTokenStore();
    const fake = fakeGrants({ device: tokens("erika.support", 300) });
    const shown: DeviceChallenge[] = [];
    const result = await session(fake.grants, store).signIn((c) => shown.push(c));
    expect(shown).toEqual([challenge]);
    expect(fake.asked).toEqual(["start", "poll"]);
    expect(result).toEqual(ok({ issuer, who: "erika.support", expiresAt: NOW + 300 }));
    expect((await store.read(issuer)).login).toMatchObject({ grant: "device_code" });
  });

  it("a denied sign-in is the provider's refusal", async () => {
    const fake = fakeGrants({ device: { _tag: "Refused", status: 400, reason: "access_denied" } });
    expect(await session(fake.grants, new MemoryTokenStore()).signIn(() => {})).toMatchObject({
      ok: false,
      error: { message: { key: "error.identityRefused", params: { reason: "access_denied" } } },
    });
  });
});

describe("OidcSession.signOut", () => {
  it("revokes the refresh token and removes the stored tokens", async () => {
    const store = new MemoryTokenStore();
    await store.write(issuer, { login: login(NOW + 300) });
    const fake = fakeGrants({});
    expect(await session(fake.grants, store).signOut()).toBe(true);
    expect(fake.asked).toEqual(["revoke:refresh-old"]);
    expect(await store.read(issuer)).toEqual({});
  });
  it("nothing stored: nothing removed", async () => {
    expect(await session(fakeGrants({}).grants, new MemoryTokenStore()).signOut()).toBe(false);
  });
});

describe("jwtClaims", () => {
  it.each([
    [jwt({ sub: "x" }), { sub: "x" }],
    ["not-a-jwt", null],
    ["a.@@@.c", null],
  ])("%s", (token, claims) => {
    expect(jwtClaims(token)).toEqual(claims);
  });
});
