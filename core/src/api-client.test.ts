import { API_CALLS } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { createApiClient } from "./api-client.js";
import { type HttpFailure, httpFailure } from "./http-failure.js";
import type { ApiRequest, ApiResponse, ApiTransport } from "./ports/api-transport.port.js";
import { err, ok, type Result } from "./result.js";
import { basePerson } from "./testing/person-fixture.js";

const headers = (h: Record<string, string> = {}) => ({ get: (name: string) => h[name] ?? null });

/** A transport that records every request and answers from a queue. */
const recording = (...answers: Array<Result<ApiResponse, HttpFailure>>) => {
  const sent: ApiRequest[] = [];
  const transport: ApiTransport = {
    send: async (request) => {
      sent.push(request);
      return answers.shift() ?? ok({ status: 204, body: null, headers: headers() });
    },
  };
  return { sent, transport };
};

describe("createApiClient: one method per route table entry", () => {
  it("has a call for every entry", () => {
    const api = createApiClient(recording().transport);
    expect(Object.keys(api).sort()).toEqual(Object.keys(API_CALLS).sort());
  });

  it("fills path parameters, then the query, then the body", async () => {
    const { sent, transport } = recording();
    const api = createApiClient(transport);
    await api.getWebTarget("M C");
    await api.supportShowPerson({ email: "a b@x.de" });
    await api.resendOptInMail({ email: "a@x.de" });
    expect(sent.map((r) => [r.route, r.path, r.body])).toEqual([
      [API_CALLS.getWebTarget, "/web-targets/M%20C", undefined],
      [API_CALLS.supportShowPerson, "/support/persons?email=a%20b%40x.de", undefined],
      [API_CALLS.resendOptInMail, "/persons/resend-opt-in-mail", { email: "a@x.de" }],
    ]);
  });

  it("decodes the answer with the entry's schema", async () => {
    const person = basePerson;
    const { transport } = recording(ok({ status: 200, body: person, headers: headers() }));
    expect(await createApiClient(transport).getMe()).toEqual(ok(person));
  });

  it("answers void for an entry without a response", async () => {
    const { transport } = recording(ok({ status: 202, body: null, headers: headers() }));
    expect(await createApiClient(transport).resendOptInMail({ email: "a@x.de" })).toEqual(
      ok(undefined),
    );
  });

  it("turns an answer the contracts do not describe into a failure, and reports it", async () => {
    const seen: HttpFailure[] = [];
    const { transport } = recording(
      ok({ status: 200, body: { nope: 1 }, headers: headers({ correlationid: "c1" }) }),
    );
    const r = await createApiClient(transport, { onFailure: (f) => seen.push(f) }).getMe();
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({
      status: 200,
      url: "/api/user-management/persons/me",
      correlationId: "c1",
      message: "unexpected response",
    });
    expect(seen).toHaveLength(1);
  });

  it("passes the transport's failure on and reports it", async () => {
    const failure = httpFailure({
      status: 400,
      url: "/x",
      body: [{ errorCode: "INVALID_OPT_IN" }],
    });
    const seen: HttpFailure[] = [];
    const { transport } = recording(err(failure));
    const api = createApiClient(transport, { onFailure: (f) => seen.push(f) });
    expect(await api.confirmMailAddress({ confirmationToken: "t" })).toEqual(err(failure));
    expect(seen).toEqual([failure]);
  });

  it("sends the person's last ETag as If-Match with the next patch only", async () => {
    const person = basePerson;
    const { sent, transport } = recording(
      ok({ status: 200, body: person, headers: headers({ etag: '"v1"' }) }),
      ok({ status: 200, body: person, headers: headers({ etag: '"v2"' }) }),
      ok({ status: 200, body: person, headers: headers() }),
    );
    const api = createApiClient(transport);
    await api.getMe();
    await api.patchMe([]);
    await api.patchMe([]);
    expect(sent.map((r) => r.headers)).toEqual([
      {},
      { "if-match": '"v1"' },
      { "if-match": '"v2"' },
    ]);
  });

  it("hands the caller's signal to the transport, after path parameters, query or body", async () => {
    const { sent, transport } = recording();
    const api = createApiClient(transport);
    const signal = { aborted: false };
    await api.getWebTarget("MC", { signal });
    await api.getActivity({}, { signal });
    await api.resendOptInMail({ email: "a@x.de" }, { signal });
    await api.getMe();
    expect(sent.map((r) => [r.path, r.body, r.signal])).toEqual([
      ["/web-targets/MC", undefined, signal],
      ["/persons/me/activity", undefined, signal],
      ["/persons/resend-opt-in-mail", { email: "a@x.de" }, signal],
      ["/persons/me", undefined, undefined],
    ]);
  });

  it("answers a cancelled call's failure without reporting it", async () => {
    // The platform's AbortController, as far as core reads it.
    const controller = {
      signal: { aborted: false },
      abort() {
        this.signal.aborted = true;
      },
    };
    const aborted = httpFailure({ status: 0, url: "/x", message: "aborted" });
    const seen: HttpFailure[] = [];
    const transport: ApiTransport = {
      send: async () => {
        controller.abort();
        return err(aborted);
      },
    };
    const api = createApiClient(transport, { onFailure: (f) => seen.push(f) });
    expect(await api.getMe({ signal: controller.signal })).toEqual(err(aborted));
    expect(seen).toEqual([]);
  });
});
