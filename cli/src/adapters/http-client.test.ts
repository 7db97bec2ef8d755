import { WebTarget } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { type FetchFn, HttpClient, TIMEOUT_REASON } from "./http-client.js";

const answer =
  (status: number, body: unknown, headers: Record<string, string> = {}): FetchFn =>
  async () =>
    new Response(body === null ? null : typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers,
    });

const target = { key: "MC", url: "https://portal.example/", sourceSystem: "MC" };

describe("HttpClient", () => {
  it("sends method, JSON body, content type and bearer token to the base URL", async () => {
    const seen: Array<[string, RequestInit]> = [];
    const client = new HttpClient("http://portal.test/", async (url, init) => {
      seen.push([url, init]);
      return new Response(null, { status: 204 });
    });
    await client.send({
      method: "PATCH",
      path: "/api/x",
      body: [1],
      contentType: "application/json-patch+json",
      bearer: "tok",
    });
    const [url, init] = seen[0]!;
    expect(url).toBe("http://portal.test/api/x");
    expect(init.method).toBe("PATCH");
    expect(init.body).toBe("[1]");
    expect(init.headers).toMatchObject({
      authorization: "Bearer tok",
      "content-type": "application/json-patch+json",
      accept: "application/json",
    });
  });

  it("decodes a success with the route's schema", async () => {
    const client = new HttpClient("http://portal.test", answer(200, target));
    expect(await client.fetch({ method: "GET", path: "/t" }, WebTarget)).toEqual({
      ok: true,
      value: target,
    });
  });

  it("an error answer keeps status, body, correlationid and log_id headers", async () => {
    const client = new HttpClient(
      "http://portal.test",
      answer(404, [{ errorCode: "NOT_FOUND" }], { correlationid: "c-9", log_id: "l-1" }),
    );
    expect(await client.fetch({ method: "GET", path: "/t" }, WebTarget)).toEqual({
      ok: false,
      error: {
        _tag: "HttpFailure",
        status: 404,
        url: "http://portal.test/t",
        body: [{ errorCode: "NOT_FOUND" }],
        correlationId: "c-9",
        logId: "l-1",
        message: null,
        retryAfterSeconds: null,
      },
    });
  });

  it("a text error body stays text", async () => {
    const client = new HttpClient("http://portal.test", answer(502, "Bad Gateway"));
    const result = await client.send({ method: "GET", path: "/t" });
    expect(result).toMatchObject({ ok: false, error: { status: 502, body: "Bad Gateway" } });
  });

  it("a portal that is not reached is status 0 with the system's reason", async () => {
    const client = new HttpClient("http://127.0.0.1:9", async () => {
      throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:9") });
    });
    expect(await client.send({ method: "GET", path: "/healthz" })).toMatchObject({
      ok: false,
      error: {
        status: 0,
        url: "http://127.0.0.1:9/healthz",
        message: "connect ECONNREFUSED 127.0.0.1:9",
      },
    });
  });

  it("no answer in time is status 0 with the timeout marker", async () => {
    const client = new HttpClient(
      "http://portal.test",
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
        ),
      20,
    );
    expect(await client.send({ method: "GET", path: "/slow" })).toMatchObject({
      ok: false,
      error: { status: 0, message: TIMEOUT_REASON },
    });
  });

  it("a success the contracts do not describe is a failure that says why", async () => {
    const client = new HttpClient(
      "http://portal.test",
      answer(200, { key: 1 }, { correlationid: "c-2" }),
    );
    const result = await client.fetch({ method: "GET", path: "/t" }, WebTarget);
    expect(result).toMatchObject({ ok: false, error: { status: 200, correlationId: "c-2" } });
    if (!result.ok) expect(result.error.message).toMatch(/^unexpected answer: /);
  });
});
