import { FRESH_SIGN_IN_SECONDS } from "@portal/core";
import { describe, expect, it } from "vitest";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  mailsTo,
  type TestAccount,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

// Issue 18: a new e-mail address and a deletion request need a sign-in within the last
// 5 minutes (the access token's auth_time); otherwise 401 REAUTHENTICATION_REQUIRED with
// RFC 9470's challenge, and nothing is mailed. Issue 47: a password change too, besides
// the current password (its proof is not even looked at for an older sign-in).

const tokenSignedInAgo = async (t: TestServer, id: string, seconds: number | undefined) =>
  t.issuer.sign({
    sub: id,
    cr_id: id,
    sid: `session-${id}`,
    auth_time: seconds === undefined ? undefined : Math.floor(Date.now() / 1000) - seconds,
  });

const calls = [
  {
    name: "POST /persons/me/change-mail-address",
    send: (t: TestServer, token: string, _a: TestAccount) =>
      t.call(
        `${API}/persons/me/change-mail-address`,
        jsonRequest({ newEmail: uniqueEmail("new") }, { token }),
      ),
  },
  {
    name: "POST /persons/me/request-deletion",
    send: (t: TestServer, token: string, _a: TestAccount) =>
      t.call(`${API}/persons/me/request-deletion`, bearer(token, "POST")),
  },
  {
    name: "POST /persons/me/change-password",
    send: (t: TestServer, token: string, a: TestAccount) =>
      t.call(
        `${API}/persons/me/change-password`,
        jsonRequest({ oldPassword: a.password, newPassword: "Fresh-Sign1n-Pass!" }, { token }),
      ),
  },
] as const;

describe.each(embedded)("fresh sign-in before sensitive changes on $name", (target) => {
  const server = useTestServer(target);

  describe.each(calls)("$name", ({ send }) => {
    it("refuses a sign-in older than 5 minutes with REAUTHENTICATION_REQUIRED and mails nothing", async () => {
      const t = server();
      const a = await confirmedAccount(t);
      const mailsBefore = (await mailsTo(t, a.email)).length;
      const res = await send(t, await tokenSignedInAgo(t, a.id, FRESH_SIGN_IN_SECONDS + 60), a);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual([{ errorCode: "REAUTHENTICATION_REQUIRED" }]);
      expect(res.headers.get("www-authenticate")).toMatch(
        /error="insufficient_user_authentication".*max_age=300/,
      );
      expect((await mailsTo(t, a.email)).length).toBe(mailsBefore);
    });

    it("refuses a token that does not say when the sign-in was", async () => {
      const t = server();
      const a = await confirmedAccount(t);
      const res = await send(t, await tokenSignedInAgo(t, a.id, undefined), a);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual([{ errorCode: "REAUTHENTICATION_REQUIRED" }]);
    });

    it("accepts a sign-in within the last 5 minutes", async () => {
      const t = server();
      const a = await confirmedAccount(t);
      const res = await send(t, await tokenSignedInAgo(t, a.id, FRESH_SIGN_IN_SECONDS - 30), a);
      expect(res.ok).toBe(true);
    });
  });

  it("answers an older sign-in's password change the same for a wrong current password", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const res = await t.call(
      `${API}/persons/me/change-password`,
      jsonRequest(
        { oldPassword: "Wrong-Guess-42!", newPassword: "Fresh-Sign1n-Pass!" },
        { token: await tokenSignedInAgo(t, a.id, FRESH_SIGN_IN_SECONDS + 60) },
      ),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual([{ errorCode: "REAUTHENTICATION_REQUIRED" }]);
  });
});
