import { describe, expect, it } from "vitest";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  linkParam,
  mailsTo,
  type TestAccount,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

// Issue 14, races: parallel writes of one person keep every acknowledged change (PATCH on
// the locked row, If-Match), and of parallel password changes exactly one succeeds.

const patch = (t: TestServer, a: TestAccount, operations: unknown, ifMatch?: string) => {
  const init = jsonRequest(operations, {
    method: "PATCH",
    token: a.token,
    contentType: "application/json-patch+json",
  });
  return t.call(`${API}/persons/me`, {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      ...(ifMatch ? { "if-match": ifMatch } : {}),
    },
  });
};

describe.each(databases)("concurrent writes of one person on $name", (target) => {
  const server = useTestServer(target);

  it("keeps all of eight parallel patches of different fields", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const changes: ReadonlyArray<readonly [string, string, string]> = [
      ["add", "title", "PROF"],
      ["replace", "givenName", "Eva"],
      ["replace", "surName", "Musterfrau"],
      ["add", "position", "Leitung"],
      ["add", "department", "Einkauf"],
      ["add", "preferredLanguage", "en"],
      ["replace", "consentMarketing", "REFUSED"],
      ["replace", "consentRecherche", "GIVEN"],
    ];
    const answers = await Promise.all(
      changes.map(([op, field, value]) => patch(t, a, [{ op, path: `/${field}`, value }])),
    );
    expect(answers.map((r) => r.status)).toEqual(changes.map(() => 200));
    const person = (await (await t.call(`${API}/persons/me`, bearer(a.token))).json()) as Record<
      string,
      unknown
    >;
    for (const [, field, value] of changes) expect(person[field]).toBe(value);
  });

  it("offers an ETag and refuses a PATCH with an older one (412 PRECONDITION_FAILED)", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const loaded = await t.call(`${API}/persons/me`, bearer(a.token));
    const etag = loaded.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // Reading again without a change gives the same tag.
    expect((await t.call(`${API}/persons/me`, bearer(a.token))).headers.get("etag")).toBe(etag);
    const saved = await patch(t, a, [{ op: "add", path: "/position", value: "Leitung" }], etag);
    expect(saved.status).toBe(200);
    const stale = await patch(t, a, [{ op: "remove", path: "/position" }], etag);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toEqual([{ errorCode: "PRECONDITION_FAILED" }]);
    expect(await patch(t, a, [{ op: "remove", path: "/position" }], "*")).toHaveProperty(
      "status",
      200,
    );
  });

  it("lets exactly one of five parallel password changes with the same old password succeed", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        t.call(
          `${API}/persons/me/change-password`,
          jsonRequest(
            { oldPassword: a.password, newPassword: `Herbst-Laub-${i}7x!` },
            { token: a.token },
          ),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([204, 400, 400, 400, 400]);
  });

  it("answers INVALID_OPT_IN, not 500, to the second of two accounts confirming one address at once", async () => {
    const t = server();
    const [a, b] = await Promise.all([confirmedAccount(t), confirmedAccount(t)]);
    const target = uniqueEmail("both-want");
    for (const who of [a, b]) {
      const res = await t.call(
        `${API}/persons/me/change-mail-address`,
        jsonRequest({ newEmail: target }, { token: who.token }),
      );
      expect(res.status).toBe(200);
    }
    const tokens = (await mailsTo(t, target)).map((m) => linkParam(m, "optinId"));
    expect(tokens).toHaveLength(2);
    const answers = await Promise.all(
      tokens.map((confirmationToken) =>
        t.call(`${API}/persons/confirm-mail-address`, jsonRequest({ confirmationToken })),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([204, 400]);
    const refused = answers.find((r) => r.status === 400);
    expect(await refused?.json()).toEqual([
      { errorCode: "INVALID_OPT_IN", field: "confirmationToken" },
    ]);
    // Nothing half-written: exactly one of the two now has the address.
    const emails = await Promise.all(
      [a, b].map(
        async (who) =>
          (
            (await (await t.call(`${API}/persons/me`, bearer(who.token))).json()) as {
              email: string;
            }
          ).email,
      ),
    );
    expect(emails.filter((e) => e === target)).toHaveLength(1);
    expect(emails.filter((e) => e === a.email || e === b.email)).toHaveLength(1);
  });
});
