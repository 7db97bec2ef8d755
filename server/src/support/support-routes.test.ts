import { IssuedMembership, SupportPersonView } from "@portal/contracts";
import { eq } from "drizzle-orm";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { memberships, mfaCredentials } from "../db/schema/index.js";
import { verifyPassword } from "../security/password-hash.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
  mailsTo,
  registration,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";

describe.each(embedded)("support endpoints on $name", (target) => {
  const server = useTestServer(target);
  const supportToken = () =>
    server().issuer.sign(
      { sub: "service-account-portal-support", realm_access: { roles: ["portal-support"] } },
      { clientId: "portal-support" },
    );
  const asSupport = async (path: string, body?: unknown) => {
    const token = await supportToken();
    return body === undefined
      ? server().call(`${API}${path}`, bearer(token))
      : server().call(`${API}${path}`, jsonRequest(body, { token }));
  };
  const unconfirmed = async () => {
    const payload = registration({ email: uniqueEmail("pending") });
    expect((await server().call(`${API}/persons/register`, jsonRequest(payload))).status).toBe(201);
    return payload.email.toLowerCase();
  };

  describe("only the portal-support role", () => {
    it.each([
      ["GET", "/support/persons?email=x@example.org"],
      ["POST", "/support/persons/resend-opt-in-mail"],
      ["POST", "/support/persons/resend-deletion-mail"],
      ["POST", "/support/persons/resend-email-change-mail"],
      ["POST", "/support/memberships"],
    ])("%s %s: 401 without a token, 403 for a user token", async (method, path) => {
      const body = JSON.stringify({ email: "x@example.org", memberNumber: "4711" });
      const headers = { "content-type": "application/json" };
      const none = await server().call(
        `${API}${path}`,
        method === "GET" ? {} : { method, headers, body },
      );
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual([{ errorCode: "UNAUTHORIZED" }]);
      const user = await server().issuer.sign({ sub: "someone", cr_id: "someone" });
      const init =
        method === "GET"
          ? bearer(user)
          : { method, headers: { ...headers, authorization: `Bearer ${user}` }, body };
      const forbidden = await server().call(`${API}${path}`, init);
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual([{ errorCode: "FORBIDDEN" }]);
    });
  });

  it("shows an account: confirmation, member mapping, second-factor types, company; never secrets", async () => {
    const account = await confirmedAccount(server());
    await server().server.database.db.insert(mfaCredentials).values({
      personId: account.id,
      type: "AUTHENTICATOR_APP",
      secret: "JBSWY3DPEHPK3PXP",
    });
    const res = await asSupport(
      `/support/persons?email=${encodeURIComponent(account.email.toUpperCase())}`,
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    const view = Schema.decodeUnknownSync(SupportPersonView)(JSON.parse(text));
    expect(view).toMatchObject({
      id: account.id,
      email: account.email,
      emailConfirmed: true,
      memberMapping: null,
      mfaTypes: ["AUTHENTICATOR_APP"],
    });
    expect(text).not.toContain("JBSWY3DPEHPK3PXP");
    expect(text).not.toMatch(/argon2|password/i);
  });

  it("answers an unknown address with 404 ACCOUNT_NOT_FOUND and a missing one with 400", async () => {
    const unknown = await asSupport(`/support/persons?email=${uniqueEmail("nobody")}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual([{ errorCode: "ACCOUNT_NOT_FOUND", field: "email" }]);
    const missing = await asSupport("/support/persons");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual([
      expect.objectContaining({ errorCode: "INVALID_REQUEST" }),
    ]);
  });

  it("resends the opt-in mail of an unconfirmed account with a new working link", async () => {
    const email = await unconfirmed();
    const res = await asSupport("/support/persons/resend-opt-in-mail", { email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email });
    const mails = await mailsTo(server(), email);
    expect(mails).toHaveLength(2);
    const optinId = linkParam(mails[0]!, "optinId");
    const confirmed = await server().call(
      `${API}/persons/confirm-mail-address`,
      jsonRequest({ confirmationToken: optinId }),
    );
    expect(confirmed.status).toBe(204);
    // The earlier link was replaced.
    const old = await server().call(
      `${API}/persons/confirm-mail-address`,
      jsonRequest({ confirmationToken: linkParam(mails[1]!, "optinId") }),
    );
    expect(old.status).toBe(400);
  });

  it("refuses to resend the opt-in of a confirmed account (409 ACCOUNT_ALREADY_CONFIRMED)", async () => {
    const account = await confirmedAccount(server());
    const res = await asSupport("/support/persons/resend-opt-in-mail", { email: account.email });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual([{ errorCode: "ACCOUNT_ALREADY_CONFIRMED", field: "email" }]);
  });

  it("resends a pending deletion link, and 404 NO_OPEN_DELETION_REQUEST when none is pending", async () => {
    const account = await confirmedAccount(server());
    const none = await asSupport("/support/persons/resend-deletion-mail", { email: account.email });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual([{ errorCode: "NO_OPEN_DELETION_REQUEST" }]);
    expect(
      (await server().call(`${API}/persons/me/request-deletion`, bearer(account.token, "POST")))
        .status,
    ).toBe(200);
    const res = await asSupport("/support/persons/resend-deletion-mail", { email: account.email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: account.email });
    const optOutToken = linkParam(await latestMail(server(), account.email), "optoutId");
    const deleted = await server().call(
      `${API}/persons/confirm-deletion`,
      jsonRequest({ optOutToken }),
    );
    expect(deleted.status).toBe(204);
  });

  it("resends a pending e-mail change to the new address, and 404 NO_OPEN_EMAIL_CHANGE when none is pending", async () => {
    const account = await confirmedAccount(server());
    const none = await asSupport("/support/persons/resend-email-change-mail", {
      email: account.email,
    });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual([{ errorCode: "NO_OPEN_EMAIL_CHANGE" }]);
    const newEmail = uniqueEmail("new");
    const change = await server().call(
      `${API}/persons/me/change-mail-address`,
      jsonRequest({ newEmail }, { token: account.token }),
    );
    expect(change.status).toBe(200);
    const res = await asSupport("/support/persons/resend-email-change-mail", {
      email: account.email,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: newEmail.toLowerCase() });
    const mails = await mailsTo(server(), newEmail.toLowerCase());
    expect(mails).toHaveLength(2);
    expect(mails[0]?.links[0]).toContain(
      "/benutzerverwaltung/konto/email-aenderung-bestaetigen?optinId=",
    );
  });

  it("issues membership credentials once, stored only as hashes, usable for registration", async () => {
    const res = await asSupport("/support/memberships", { memberNumber: "4711" });
    expect(res.status).toBe(201);
    const issued = Schema.decodeUnknownSync(IssuedMembership)(await res.json());
    expect(issued.memberNumber).toBe("4711");
    expect(issued.mitgliedskennung).toMatch(/^[1-9]\d{9}$/);
    expect(issued.personalPassword).not.toBe(issued.generalPassword);
    const [row] = await server()
      .server.database.db.select()
      .from(memberships)
      .where(eq(memberships.mitgliedskennung, issued.mitgliedskennung));
    expect(row?.personalPasswordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.personalPasswordHash, issued.personalPassword)).toBe(true);
    expect(await verifyPassword(row!.generalPasswordHash, issued.generalPassword)).toBe(true);
    // The member links it to an account with the three values.
    const account = await confirmedAccount(server());
    const linked = await server().call(
      `${API}/persons/me/register-mitgliedskennung`,
      jsonRequest(
        {
          mitgliedskennung: issued.mitgliedskennung,
          personalPassword: issued.personalPassword,
          generalPassword: issued.generalPassword,
        },
        { token: account.token },
      ),
    );
    expect(linked.status).toBe(200);
  });

  it.each(["", "47a1", "1".repeat(21)])(
    "refuses the member number %j with 400",
    async (memberNumber) => {
      const res = await asSupport("/support/memberships", { memberNumber });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual([{ errorCode: "INVALID_REQUEST", field: "memberNumber" }]);
    },
  );
});
