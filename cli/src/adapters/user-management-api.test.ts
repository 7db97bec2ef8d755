import { API_ROUTES } from "@portal/contracts";
import { basePerson } from "@portal/core/testing";
import { describe, expect, it } from "vitest";
import { type FetchFn, HttpClient } from "./http-client.js";
import {
  FetchCompanySearch,
  FetchUserManagementApi,
  FetchWebTargets,
} from "./user-management-api.js";

const person = basePerson;

/** Records each request and answers with `body` (204 when undefined). */
const recording = (body?: unknown) => {
  const requests: Array<{
    url: string;
    method: string;
    headers: Record<string, string>;
    body: unknown;
  }> = [];
  const fetchFn: FetchFn = async (url, init) => {
    requests.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return body === undefined ? new Response(null, { status: 204 }) : Response.json(body);
  };
  return { requests, http: new HttpClient("http://portal.test", fetchFn) };
};

const base = "http://portal.test/api/user-management";
const mail = { email: "erika@example.de" };

describe("FetchUserManagementApi: every call of spec section 7 from the route table", () => {
  it.each([
    [
      "register",
      (api: FetchUserManagementApi) => api.register({} as never),
      undefined,
      "POST",
      "/persons/register",
      false,
    ],
    [
      "confirmMailAddress",
      (api: FetchUserManagementApi) => api.confirmMailAddress({ confirmationToken: "t" }),
      undefined,
      "POST",
      "/persons/confirm-mail-address",
      false,
    ],
    [
      "resendOptInMail",
      (api: FetchUserManagementApi) => api.resendOptInMail(mail),
      undefined,
      "POST",
      "/persons/resend-opt-in-mail",
      false,
    ],
    [
      "requestPasswordResetMail",
      (api: FetchUserManagementApi) => api.requestPasswordResetMail(mail),
      undefined,
      "POST",
      "/persons/request-password-reset-mail",
      false,
    ],
    [
      "resetPassword",
      (api: FetchUserManagementApi) =>
        api.resetPassword({ passwordResetToken: "t", newPassword: "p" }),
      undefined,
      "POST",
      "/persons/reset-password",
      false,
    ],
    [
      "getWebTarget",
      (api: FetchUserManagementApi) => api.getWebTarget("MC"),
      { key: "MC", url: "u", sourceSystem: "s" },
      "GET",
      "/web-targets/MC",
      false,
    ],
    ["getMe", (api: FetchUserManagementApi) => api.getMe(), person, "GET", "/persons/me", true],
    [
      "changeMailAddress",
      (api: FetchUserManagementApi) => api.changeMailAddress({ newEmail: "n@example.de" }),
      mail,
      "POST",
      "/persons/me/change-mail-address",
      true,
    ],
    [
      "resendChangeMailAddress",
      (api: FetchUserManagementApi) => api.resendChangeMailAddress(),
      mail,
      "POST",
      "/persons/me/resend-opt-in-mail",
      true,
    ],
    [
      "changePassword",
      (api: FetchUserManagementApi) => api.changePassword({ oldPassword: "o", newPassword: "n" }),
      undefined,
      "POST",
      "/persons/me/change-password",
      true,
    ],
    [
      "registerMembership",
      (api: FetchUserManagementApi) =>
        api.registerMembership({
          mitgliedskennung: "1",
          personalPassword: "p",
          generalPassword: "g",
        }),
      { memberNumber: "1", mitgliedskennung: "1" },
      "POST",
      "/persons/me/register-mitgliedskennung",
      true,
    ],
    [
      "requestDeletion",
      (api: FetchUserManagementApi) => api.requestDeletion(),
      mail,
      "POST",
      "/persons/me/request-deletion",
      true,
    ],
    [
      "confirmDeletion",
      (api: FetchUserManagementApi) => api.confirmDeletion({ optOutToken: "t" }),
      undefined,
      "POST",
      "/persons/confirm-deletion",
      false,
    ],
    [
      "getCredentials",
      (api: FetchUserManagementApi) => api.getCredentials(),
      [{ type: "EMAIL", credentialId: "c" }],
      "GET",
      "/persons/me/credentials",
      true,
    ],
  ] as const)("%s: %s %s", async (_name, call, answer, method, path, bearer) => {
    const { requests, http } = recording(answer);
    const result = await call(new FetchUserManagementApi(http, async () => "user-token"));
    expect(result.ok).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: base + path, method });
    expect(requests[0]?.headers.authorization).toBe(bearer ? "Bearer user-token" : undefined);
  });

  it("patchMe sends the operations as application/json-patch+json and decodes the person", async () => {
    const { requests, http } = recording(person);
    const ops = [{ op: "replace", path: "/givenName", value: "Eri" }] as const;
    const result = await new FetchUserManagementApi(http, async () => "t").patchMe([...ops]);
    expect(result).toEqual({ ok: true, value: person });
    expect(requests[0]).toMatchObject({
      url: `${base}/persons/me`,
      method: API_ROUTES.patchMe.method,
      headers: { "content-type": "application/json-patch+json" },
      body: ops,
    });
  });

  it("signed out: a bearer call goes without a token (the portal answers 401)", async () => {
    const { requests, http } = recording(person);
    await new FetchUserManagementApi(http, async () => null).getMe();
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe("FetchWebTargets and FetchCompanySearch", () => {
  it("web target by key, the key URI-encoded", async () => {
    const { requests, http } = recording({ key: "A B", url: "u", sourceSystem: "s" });
    await new FetchWebTargets(http).get("A B");
    expect(requests[0]?.url).toBe(`${base}/web-targets/A%20B`);
  });
  it("suggestions by term, without a token", async () => {
    const { requests, http } = recording({ companyNameSuggestions: [] });
    expect(await new FetchCompanySearch(http).suggest("Müller & Co")).toEqual({
      ok: true,
      value: { companyNameSuggestions: [] },
    });
    expect(requests[0]?.url).toBe(
      "http://portal.test/api/gatinator/smart-signup/M%C3%BCller%20%26%20Co",
    );
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });
});
