import { SMART_SIGNUP_PREFIX } from "@portal/contracts";
import { createApiClient, reportableError } from "@portal/core";
import { describe, expect, it } from "vitest";
import { FakeIdentity, RecordingAnalytics } from "../test-support/fakes.js";
import { FetchTransport } from "./http-client.js";

const person = {
  id: "p1",
  crid: null,
  salutation: null,
  title: null,
  genderCode: null,
  givenName: "Erika",
  surName: "Muster",
  dateOfBirth: null,
  telephoneNumber: null,
  position: null,
  department: null,
  preferredLanguage: "de",
  companyName: null,
  company: null,
  crefonummer: null,
  unverifiedCrefonummer: null,
  email: "e@x.de",
  consentMarketing: "GIVEN",
  consentRecherche: "REFUSED",
  consentMarketingLastUpdatedAt: null,
  consentRechercheLastUpdatedAt: null,
  postRegistrationKey: null,
  postRegistrationToken: null,
  memberNumber: null,
  mitgliedskennung: null,
  internalUser: false,
};

type Sent = { url: string; init: RequestInit };
const setup = (respond: (s: Sent) => Response, signedIn = true) => {
  const sent: Sent[] = [];
  const analytics = new RecordingAnalytics();
  const transport = new FetchTransport({
    baseUrl: "https://api.example",
    bases: { [SMART_SIGNUP_PREFIX]: "/api/gatinator/smart-signup/" },
    identity: new FakeIdentity(signedIn ? { cr_id: "p1" } : null),
    fetch: async (url, init) => {
      const s = { url: String(url), init: init ?? {} };
      sent.push(s);
      return respond(s);
    },
  });
  // As the container wires it: every failure is reported to analytics.
  const api = createApiClient(transport, {
    onFailure: (failure) => analytics.reportError(reportableError(failure)),
  });
  return { sent, analytics, api };
};
const headersOf = (s: Sent | undefined) => (s?.init.headers ?? {}) as Record<string, string>;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

describe("the API client over the fetch transport (spec section 7)", () => {
  it("sends the bearer token and decodes the person", async () => {
    const { api, sent } = setup(() => json(person));
    const r = await api.getMe();
    expect(r.ok && r.value.givenName).toBe("Erika");
    expect(sent[0]?.url).toBe("https://api.example/api/user-management/persons/me");
    expect(headersOf(sent[0]).authorization).toBe("Bearer test-token");
  });

  it("patches with application/json-patch+json", async () => {
    const { api, sent } = setup(() => json(person));
    await api.patchMe([{ op: "replace", path: "/givenName", value: "Eva" }]);
    expect(sent[0]?.init.method).toBe("PATCH");
    expect(headersOf(sent[0])["content-type"]).toBe("application/json-patch+json");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual([
      { op: "replace", path: "/givenName", value: "Eva" },
    ]);
  });

  it("sends the ETag of the person it loaded as If-Match, then the one of the saved person", async () => {
    let etag = '"v1"';
    const { api, sent } = setup(() => json(person, 200, { etag }));
    await api.getMe();
    await api.patchMe([{ op: "replace", path: "/givenName", value: "Eva" }]);
    expect(headersOf(sent[1])["if-match"]).toBe('"v1"');
    etag = '"v2"';
    await api.patchMe([{ op: "replace", path: "/givenName", value: "Eve" }]);
    expect(headersOf(sent[2])["if-match"]).toBe('"v1"');
    await api.patchMe([{ op: "replace", path: "/givenName", value: "Eva Maria" }]);
    expect(headersOf(sent[3])["if-match"]).toBe('"v2"');
  });

  it("reads the correlationid header of a failure and reports it masked to analytics", async () => {
    const { api, analytics } = setup(() =>
      json([{ errorCode: "INVALID_NAME", message: "name of erika@example.de is bad" }], 400, {
        correlationid: "corr-5",
      }),
    );
    const r = await api.register({
      givenName: "x",
      surname: "y",
      email: "e@x.de",
      password: "p",
      consentMarketing: "GIVEN",
      consentRecherche: "GIVEN",
      postRegistrationTargetKey: null,
      postRegistrationToken: null,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.status).toBe(400);
      expect(r.error.correlationId).toBe("corr-5");
      expect(r.error.body).toEqual([
        { errorCode: "INVALID_NAME", message: "name of erika@example.de is bad" },
      ]);
    }
    expect(analytics.errors).toHaveLength(1);
    expect(analytics.errors[0]?.logId).toBe("corr-5");
    expect(analytics.errors[0]?.message).not.toContain("erika@example.de");
  });

  it("reads the Retry-After of a 429, so the dialog can say how long to wait", async () => {
    const { api } = setup(() =>
      json([{ errorCode: "TOO_MANY_REQUESTS" }], 429, { "retry-after": "2100" }),
    );
    const r = await api.register({
      givenName: "x",
      surname: "y",
      email: "e@x.de",
      password: "p",
      consentMarketing: "GIVEN",
      consentRecherche: "GIVEN",
      postRegistrationTargetKey: null,
      postRegistrationToken: null,
    });
    expect(r.ok ? null : r.error.retryAfterSeconds).toBe(2100);
  });

  it("a network failure is a status-0 failure, reported too", async () => {
    const { api, analytics } = setup(() => {
      throw new TypeError("Failed to fetch");
    });
    const r = await api.getWebTarget("MC");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.status).toBe(0);
    expect(analytics.errors[0]?.url).toBe("https://api.example/api/user-management/web-targets/MC");
  });

  it("a protected call without a session fails with 401 and sends nothing", async () => {
    const { api, sent } = setup(() => json(person), false);
    const r = await api.getMe();
    expect(!r.ok && r.error.status).toBe(401);
    expect(sent).toEqual([]);
  });

  it("an answer that does not match the schema is a failure", async () => {
    const { api, analytics } = setup(() => json({ nope: true }));
    expect((await api.getMe()).ok).toBe(false);
    expect(analytics.errors).toHaveLength(1);
  });

  it("company suggestions go to the configured smart-signup URL", async () => {
    const { api, sent } = setup(() =>
      json({ companyNameSuggestions: [{ crefonummer: "1", name: "Muster GmbH" }] }),
    );
    const r = await api.companySuggestions("Muster & Co");
    expect(r.ok).toBe(true);
    expect(sent[0]?.url).toBe("/api/gatinator/smart-signup/Muster%20%26%20Co");
  });

  it("a cancelled call stops its request and is not reported", async () => {
    const sent: RequestInit[] = [];
    const analytics = new RecordingAnalytics();
    const transport = new FetchTransport({
      baseUrl: "",
      identity: new FakeIdentity(null),
      // As the browser's fetch: pending until the signal aborts it.
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          sent.push(init ?? {});
          init?.signal?.addEventListener("abort", () =>
            reject(new DOMException("The operation was aborted.", "AbortError")),
          );
        }),
    });
    const api = createApiClient(transport, {
      onFailure: (failure) => analytics.reportError(reportableError(failure)),
    });
    const controller = new AbortController();
    const answer = api.companySuggestions("Muster", { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    const r = await answer;
    expect(sent[0]?.signal).toBe(controller.signal);
    expect(!r.ok && r.error.status).toBe(0);
    expect(analytics.errors).toEqual([]);
  });
});
