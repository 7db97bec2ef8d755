import { API_ROUTES } from "@portal/contracts";
import { err, ok } from "@portal/core";
import { describe, expect, it } from "vitest";
import { failed } from "../failure.js";
import { anonymousTransport, cliApiClient, signedInTransport } from "./api-transport.js";
import { type FetchFn, HttpClient } from "./http-client.js";

type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

const portal = (answer: () => Response) => {
  const sent: Sent[] = [];
  const fetchFn: FetchFn = async (url, init) => {
    sent.push({
      method: String(init.method),
      url,
      headers: init.headers as Record<string, string>,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return answer();
  };
  return { sent, http: new HttpClient("http://portal.test/", fetchFn) };
};
const session = { token: async () => "user-token", bearer: async () => ok("support-token") };

describe("the CLI's transports: every call of the route table through core's client", () => {
  it("a call anybody may make goes without a token, its path filled and encoded", async () => {
    const { sent, http } = portal(() => Response.json({ companyNameSuggestions: [] }));
    const api = cliApiClient(anonymousTransport(http));
    expect(await api.companySuggestions("Müller & Co")).toEqual(ok({ companyNameSuggestions: [] }));
    expect(sent[0]).toMatchObject({
      method: "GET",
      url: "http://portal.test/api/gatinator/smart-signup/M%C3%BCller%20%26%20Co",
    });
    expect(sent[0]?.headers.authorization).toBeUndefined();
  });

  it("a user call carries the user's token; a patch its JSON Patch content type", async () => {
    const { sent, http } = portal(() => new Response(null, { status: 204 }));
    const api = cliApiClient(signedInTransport(http, session));
    await api.patchMe([{ op: "remove", path: "/title" }]);
    expect(sent[0]).toMatchObject({
      method: API_ROUTES.patchMe.method,
      url: "http://portal.test/api/user-management/persons/me",
      body: [{ op: "remove", path: "/title" }],
    });
    expect(sent[0]?.headers).toMatchObject({
      authorization: "Bearer user-token",
      "content-type": "application/json-patch+json",
    });
  });

  it("a support call carries the support token, and without one sends nothing", async () => {
    const { sent, http } = portal(() => Response.json({ email: "a@x.de" }));
    const signedIn = cliApiClient(signedInTransport(http, session));
    expect(await signedIn.supportResendDeletion({ email: "a@x.de" })).toEqual(
      ok({ email: "a@x.de" }),
    );
    expect(sent[0]?.headers.authorization).toBe("Bearer support-token");
    const reason = failed("error.notSignedIn", { issuer: "i" });
    const signedOut = cliApiClient(
      signedInTransport(http, { token: async () => null, bearer: async () => err(reason) }),
    );
    expect(await signedOut.supportResendDeletion({ email: "a@x.de" })).toEqual(err(reason));
    expect(sent).toHaveLength(1);
  });

  it("an answer the contracts do not describe says why", async () => {
    const { http } = portal(() => Response.json({ key: 1 }));
    const r = await cliApiClient(anonymousTransport(http)).getWebTarget("MC");
    expect(!r.ok && r.error).toMatchObject({
      status: 200,
      message: expect.stringMatching(/^unexpected response: .+/),
    });
  });
});
