import { SUPPORT_ROLE } from "@portal/core";
import type { FastifyRequest } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIssuer, type TestIssuer } from "../test-support/test-issuer.js";
import { ApiError } from "./api-error.js";
import { createTokenVerifier } from "./auth.js";

const log = pino({ level: "silent" });
const requestWith = (token?: string) =>
  ({
    headers: token ? { authorization: `Bearer ${token}` } : {},
    log,
  }) as unknown as FastifyRequest;

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, codes: error.entries.map((e) => e.errorCode) };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("bearer token verifier (JWKS fetched over HTTP)", () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await startTestIssuer();
  });
  afterAll(() => issuer?.close());
  const verifier = () =>
    createTokenVerifier({
      issuer: issuer.issuer,
      userClients: ["benutzerverwaltung"],
      supportClients: ["portal-support"],
    });

  it("takes the person id from cr_id, else sub", async () => {
    const auth = verifier();
    const withCrId = await auth.requireUser(
      requestWith(await issuer.sign({ sub: "s-1", cr_id: "p-1" })),
    );
    expect(withCrId.personId).toBe("p-1");
    const subOnly = await auth.requireUser(requestWith(await issuer.sign({ sub: "s-2" })));
    expect(subOnly.personId).toBe("s-2");
  });

  it("accepts the client in aud when azp names another", async () => {
    const token = await issuer.sign(
      { sub: "s", aud: ["benutzerverwaltung"] },
      { clientId: "gateway" },
    );
    expect((await verifier().requireUser(requestWith(token))).personId).toBe("s");
  });

  it.each([
    ["no header", async () => undefined],
    ["garbage", async () => "abc"],
    [
      "a token of another issuer",
      async (i: TestIssuer) => i.sign({ sub: "s" }, { issuer: "http://other" }),
    ],
    [
      "a token for another client",
      async (i: TestIssuer) => i.sign({ sub: "s" }, { clientId: "shop" }),
    ],
    [
      "an expired token",
      async (i: TestIssuer) =>
        i.sign({ sub: "s" }, { expiresIn: Math.floor(Date.now() / 1000) - 5 }),
    ],
    ["a token without subject", async (i: TestIssuer) => i.sign({})],
    ["an ID token (typ ID)", async (i: TestIssuer) => i.sign({ sub: "s", typ: "ID" })],
  ])("answers 401 UNAUTHORIZED for %s", async (_label, make) => {
    expect(await failure(verifier().requireUser(requestWith(await make(issuer))))).toEqual({
      status: 401,
      codes: ["UNAUTHORIZED"],
    });
  });

  it("lets support calls through only with the portal-support realm role (403 FORBIDDEN)", async () => {
    const auth = verifier();
    const staff = await issuer.sign(
      { sub: "svc", realm_access: { roles: [SUPPORT_ROLE] } },
      { clientId: "portal-support" },
    );
    expect((await auth.requireSupport(requestWith(staff))).personId).toBe("svc");
    const plain = await issuer.sign(
      { sub: "svc", realm_access: { roles: ["default-roles-portal"] } },
      { clientId: "portal-support" },
    );
    expect(await failure(auth.requireSupport(requestWith(plain)))).toEqual({
      status: 403,
      codes: ["FORBIDDEN"],
    });
  });

  it("keeps honouring expiry for a token it has verified before", async () => {
    let nowMs = Date.now();
    const auth = createTokenVerifier({
      issuer: issuer.issuer,
      userClients: ["benutzerverwaltung"],
      supportClients: [],
      now: () => nowMs,
    });
    const token = await issuer.sign({ sub: "s" }, { expiresIn: "30s" });
    expect((await auth.requireUser(requestWith(token))).personId).toBe("s");
    // Served from the cache now; a minute later the token has expired all the same.
    expect((await auth.requireUser(requestWith(token))).personId).toBe("s");
    nowMs += 60_000;
    expect(await failure(auth.requireUser(requestWith(token)))).toEqual({
      status: 401,
      codes: ["UNAUTHORIZED"],
    });
  });

  it("checks the client and token type on every call, cached or not", async () => {
    const auth = verifier();
    const idToken = await issuer.sign({ sub: "s", typ: "ID" });
    for (let i = 0; i < 2; i++) {
      expect(await failure(auth.requireUser(requestWith(idToken)))).toEqual({
        status: 401,
        codes: ["UNAUTHORIZED"],
      });
    }
    // Verified (and kept) for a support call, the same token is still no user-client token.
    const staff = await issuer.sign(
      { sub: "svc", realm_access: { roles: [SUPPORT_ROLE] } },
      { clientId: "portal-support" },
    );
    expect((await auth.requireSupport(requestWith(staff))).personId).toBe("svc");
    expect(await failure(auth.requireUser(requestWith(staff)))).toEqual({
      status: 401,
      codes: ["UNAUTHORIZED"],
    });
  });

  it("answers 503 BACKEND_ERROR when the issuer's key set cannot be fetched", async () => {
    const gone = await startTestIssuer();
    const token = await gone.sign({ sub: "s" });
    await gone.close();
    const auth = createTokenVerifier({
      issuer: gone.issuer,
      userClients: ["benutzerverwaltung"],
      supportClients: [],
    });
    expect(await failure(auth.requireUser(requestWith(token)))).toEqual({
      status: 503,
      codes: ["BACKEND_ERROR"],
    });
  });
});
