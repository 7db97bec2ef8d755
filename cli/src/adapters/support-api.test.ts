import { err } from "@portal/core";
import { describe, expect, it } from "vitest";
import { failed } from "../failure.js";
import { type BearerSource, cliApiClient, signedInTransport } from "./api-transport.js";
import { FetchHealthApi } from "./health-api.js";
import { type FetchFn, HttpClient } from "./http-client.js";
import { FetchOutboxApi, supportApi } from "./support-api.js";

// The support calls over core's client and the CLI's signed-in transport.
const supportOver = (http: HttpClient, bearer: BearerSource["bearer"]) =>
  supportApi(cliApiClient(signedInTransport(http, { bearer, token: async () => null })));

const calls: string[] = [];
const answering =
  (status: number, body: unknown): FetchFn =>
  async (url, init) => {
    calls.push(
      `${init.method} ${url} ${(init.headers as Record<string, string>).authorization ?? "-"}`,
    );
    return Response.json(body, { status });
  };

describe("support calls over the API client", () => {
  it("person show: GET /support/persons?email= with the support token", async () => {
    calls.length = 0;
    const view = {
      id: "p",
      email: "a+b@example.de",
      emailConfirmed: false,
      memberMapping: null,
      memberNumber: null,
      mfaTypes: [],
      companyName: null,
      crefonummer: null,
      unverifiedCrefonummer: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      closedAt: null,
      eraseAt: null,
      securedAt: null,
      suspendedFactors: 0,
    };
    const api = supportOver(
      new HttpClient("http://portal.test", answering(200, view)),
      async () => ({
        ok: true,
        value: "support-token",
      }),
    );
    expect(await api.showPerson("a+b@example.de")).toEqual({ ok: true, value: view });
    expect(calls).toEqual([
      "GET http://portal.test/api/user-management/support/persons?email=a%2Bb%40example.de Bearer support-token",
    ]);
  });

  it("without a token: the reason, and no request at all", async () => {
    calls.length = 0;
    const noToken = failed("error.notSignedIn", { issuer: "i" });
    const api = supportOver(new HttpClient("http://portal.test", answering(200, {})), async () =>
      err(noToken),
    );
    expect(await api.issueMembership("4711")).toEqual(err(noToken));
    expect(calls).toEqual([]);
  });

  it("the portal's refusal becomes an HTTP failure", async () => {
    const api = supportOver(
      new HttpClient("http://portal.test", answering(403, [{ errorCode: "FORBIDDEN" }])),
      async () => ({ ok: true, value: "t" }),
    );
    expect(await api.resendDeletionMail("a@b.de")).toMatchObject({
      ok: false,
      error: { _tag: "Http", failure: { status: 403, body: [{ errorCode: "FORBIDDEN" }] } },
    });
  });
});

describe("FetchOutboxApi", () => {
  it("GET /outbox/api/messages?to= without a token", async () => {
    calls.length = 0;
    const api = new FetchOutboxApi(new HttpClient("http://portal.test", answering(200, [])));
    expect(await api.list("a@b.de")).toEqual({ ok: true, value: [] });
    expect(calls).toEqual(["GET http://portal.test/outbox/api/messages?to=a%40b.de -"]);
  });
});

describe("FetchHealthApi", () => {
  const report = {
    status: "unavailable",
    database: "postgres",
    migrations: true,
    issuer: "http://i",
  };
  const probes =
    (healthz: number, readyz: number, body: unknown): FetchFn =>
    async (url) =>
      url.endsWith("/healthz")
        ? Response.json({ status: "ok" }, { status: healthz })
        : Response.json(body, { status: readyz });

  it("a 503 from /readyz is an answer: not ready, with its report", async () => {
    const api = new FetchHealthApi(new HttpClient("http://portal.test", probes(200, 503, report)));
    expect(await api.probe()).toEqual({ ok: true, value: { live: true, ready: false, report } });
  });
  it("a ready portal", async () => {
    const ok = { ...report, status: "ok" };
    const api = new FetchHealthApi(new HttpClient("http://portal.test", probes(200, 200, ok)));
    expect(await api.probe()).toEqual({ ok: true, value: { live: true, ready: true, report: ok } });
  });
  it("a readiness answer that is no report", async () => {
    const api = new FetchHealthApi(
      new HttpClient("http://portal.test", probes(500, 502, "Bad Gateway")),
    );
    expect(await api.probe()).toEqual({
      ok: true,
      value: { live: false, ready: false, report: null },
    });
  });
  it("not reached: the failure with its URL", async () => {
    const api = new FetchHealthApi(
      new HttpClient("http://portal.test", async () => {
        throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
      }),
    );
    expect(await api.probe()).toMatchObject({
      ok: false,
      error: { _tag: "Http", failure: { status: 0, url: "http://portal.test/healthz" } },
    });
  });
});
