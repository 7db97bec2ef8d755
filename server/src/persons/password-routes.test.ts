import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { persons } from "../db/schema/index.js";
import {
  API,
  confirmedAccount,
  GOOD_PASSWORD,
  jsonRequest,
  latestMail,
  linkParam,
  mailsTo,
  registration,
  sharedAccount,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { findLiveToken } from "./mail-tokens.js";

const HOUR = 60 * 60 * 1000;

const requestReset = (t: TestServer, email: string) =>
  t.call(`${API}/persons/request-password-reset-mail`, jsonRequest({ email }));
const reset = (t: TestServer, passwordResetToken: string, newPassword: string) =>
  t.call(`${API}/persons/reset-password`, jsonRequest({ passwordResetToken, newPassword }));
const check = (t: TestServer, passwordResetToken: string) =>
  t.call(`${API}/persons/check-password-reset-token`, jsonRequest({ passwordResetToken }));
const changePassword = (t: TestServer, token: string, oldPassword: string, newPassword: string) =>
  t.call(`${API}/persons/me/change-password`, jsonRequest({ oldPassword, newPassword }, { token }));

describe.each(embedded)("password forgotten, reset and change on $name", (target) => {
  const server = useTestServer(target);
  // Refusals change nothing, so they share one account.
  const refusalAccount = sharedAccount(server);

  it("answers the same for known and unknown addresses and mails only the known one", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const known = await requestReset(t, account.email.toUpperCase());
    const unknownAddress = uniqueEmail("nobody");
    const unknown = await requestReset(t, unknownAddress);
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(await known.text()).toBe(await unknown.text());
    const link = new URL((await latestMail(t, account.email)).links[0] ?? "");
    expect(link.pathname).toBe("/benutzerverwaltung/passwort-zuruecksetzen");
    expect(link.searchParams.get("prt")).toBe("prt-4711");
    expect(await mailsTo(t, unknownAddress)).toEqual([]);
  });

  it("resets the password once, ends every session, and the new password then counts", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    t.issuer.realm.addUser(account.id, ["one", "two"]);
    await requestReset(t, account.email);
    const token = linkParam(await latestMail(t, account.email), "passwordResetToken");
    const res = await reset(t, token, "Neues-Passwort-77");
    expect(res.status).toBe(204);
    expect(t.sessions.calls).toContainEqual({ personId: account.id, exceptSessionId: undefined });
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual([]);
    const reused = await reset(t, token, "Noch-Eins-Neu-88");
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual([
      { errorCode: "INVALID_OPT_IN", field: "passwordResetToken" },
    ]);
    // The old password no longer works for a change; the new one does.
    expect((await changePassword(t, account.token, GOOD_PASSWORD, "Dritte-Wahl-99")).status).toBe(
      400,
    );
    expect(
      (await changePassword(t, account.token, "Neues-Passwort-77", "Dritte-Wahl-99")).status,
    ).toBe(204);
  });

  it.each([
    ["Kurz1!", "PASSWORD_TOO_SHORT"],
    [`Aa1!${"x".repeat(60)}`, "PASSWORD_TOO_LONG"],
    ["kleinbuchstaben-1", "PASSWORD_UPPERCASE_MISSING"],
    ["GROSSBUCHSTABEN-1", "PASSWORD_LOWERCASE_MISSING"],
    ["NurBuchstabenHier", "PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING"],
    ["Leer Zeichen 123", "PASSWORD_INVALID_CHARACTERS"],
    ["Erika-ist-toll-1", "PASSWORD_TRIVIAL_VALUES"],
    // Issue 29: what the browser's meter now shows red, "a very common password" or "@".
    ["Passwort12", "PASSWORD_TRIVIAL_VALUES"],
    ["Sommer2024!", "PASSWORD_TRIVIAL_VALUES"],
    ["Passwort123!", "PASSWORD_TRIVIAL_VALUES"],
    ["kX7#mQ2@vL9!pR4z", "PASSWORD_INVALID_CHARACTERS"],
    // Issue 46: a repeat, a sequence, a keyboard row and 12345.
    ["Aaaaaaaaaa1", "PASSWORD_TRIVIAL_VALUES"],
    ["Abcdefghij1", "PASSWORD_TRIVIAL_VALUES"],
    ["Qwertz12345!", "PASSWORD_TRIVIAL_VALUES"],
    ["", "NEW_PASSWORD_MISSING"],
  ])("refuses the new password %j with %s and keeps the link usable", async (password, code) => {
    const t = server();
    const account = await refusalAccount();
    await requestReset(t, account.email);
    const token = linkParam(await latestMail(t, account.email), "passwordResetToken");
    const res = await reset(t, token, password);
    expect(res.status).toBe(400);
    expect(await res.json()).toContainEqual({ errorCode: code, field: "newPassword" });
    // The refused attempt did not use the link up.
    expect(
      await findLiveToken(t.server.database.db, ["PASSWORD_RESET"], token, new Date()),
    ).toBeDefined();
  });

  it("accepts a good password on a link after a refused attempt", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await requestReset(t, account.email);
    const token = linkParam(await latestMail(t, account.email), "passwordResetToken");
    expect((await reset(t, token, "kurz")).status).toBe(400);
    expect((await reset(t, token, "Gueltig-Und-Neu-5")).status).toBe(204);
  });

  it("confirms the address of an unconfirmed account on reset (the link proved it)", async () => {
    const t = server();
    const email = uniqueEmail();
    await t.call(`${API}/persons/register`, jsonRequest(registration({ email })));
    await requestReset(t, email);
    const token = linkParam(await latestMail(t, email), "passwordResetToken");
    expect((await reset(t, token, "Neues-Passwort-77")).status).toBe(204);
    const [row] = await t.server.database.db.select().from(persons).where(eq(persons.email, email));
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it("refuses the current password as new one (PASSWORD_IN_HISTORY)", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await requestReset(t, account.email);
    const token = linkParam(await latestMail(t, account.email), "passwordResetToken");
    const res = await reset(t, token, GOOD_PASSWORD);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ errorCode: "PASSWORD_IN_HISTORY", field: "newPassword" }]);
  });

  it("lets a reset link expire after one hour", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await requestReset(t, account.email);
    const token = linkParam(await latestMail(t, account.email), "passwordResetToken");
    t.clock.advance(HOUR + 1000);
    try {
      expect((await reset(t, token, "Neues-Passwort-77")).status).toBe(400);
    } finally {
      t.clock.set(new Date());
    }
  });

  it("does not take an opt-in token as reset token", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await t.call(`${API}/persons/resend-opt-in-mail`, jsonRequest({ email: account.email }));
    // Confirmed accounts get no opt-in mail; use a fresh unconfirmed registration instead.
    const other = uniqueEmail();
    await t.call(
      `${API}/persons/register`,
      jsonRequest({
        givenName: "Max",
        surname: "Muster",
        email: other,
        password: GOOD_PASSWORD,
        consentMarketing: "NOT_EXPRESSED",
        consentRecherche: "NOT_EXPRESSED",
        postRegistrationTargetKey: null,
        postRegistrationToken: null,
      }),
    );
    const optIn = linkParam(await latestMail(t, other), "optinId");
    expect((await reset(t, optIn, "Neues-Passwort-77")).status).toBe(400);
  });

  describe("checking a reset link when its page opens (QA #5)", () => {
    // A question, not an action (QA2): a link the reset would refuse is the answer
    // { valid: false } with 200, not an error list (the browser logged a failed request).
    const asked = async (t: TestServer, token: string) => {
      const res = await check(t, token);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const VALID = { status: 200, body: { valid: true } };
    const INVALID = { status: 200, body: { valid: false } };

    it("answers valid for a live link and leaves it usable, not valid once it is used", async () => {
      const t = server();
      const account = await confirmedAccount(t);
      await requestReset(t, account.email);
      const token = linkParam(await latestMail(t, account.email), "passwordResetToken");
      expect(await asked(t, token)).toEqual(VALID);
      expect(await asked(t, token)).toEqual(VALID);
      expect((await reset(t, token, "Neues-Passwort-77")).status).toBe(204);
      expect(await asked(t, token)).toEqual(INVALID);
    });

    it("answers not valid for an expired, retired, unknown or other-kind token", async () => {
      const t = server();
      const account = await confirmedAccount(t);
      await requestReset(t, account.email);
      const older = linkParam(await latestMail(t, account.email), "passwordResetToken");
      // A password change retires every open reset link.
      expect(
        (await changePassword(t, account.token, GOOD_PASSWORD, "Zweites-Passwort-8")).status,
      ).toBe(204);
      await requestReset(t, account.email);
      const expiring = linkParam(await latestMail(t, account.email), "passwordResetToken");
      const email = uniqueEmail();
      await t.call(`${API}/persons/register`, jsonRequest(registration({ email })));
      const optIn = linkParam(await latestMail(t, email), "optinId");
      for (const token of [older, "anything", "x".repeat(128), optIn])
        expect(await asked(t, token), token.slice(0, 20)).toEqual(INVALID);
      expect(await asked(t, expiring)).toEqual(VALID);
      t.clock.advance(HOUR + 1000);
      try {
        expect(await asked(t, expiring)).toEqual(INVALID);
      } finally {
        t.clock.set(new Date());
      }
    });

    it("refuses a token no mail carries (too long, a line break) as the reset does: 400 INVALID_OPT_IN", async () => {
      const t = server();
      for (const token of ["x".repeat(500), "a\nb"])
        expect(await asked(t, token)).toEqual({
          status: 400,
          body: [{ errorCode: "INVALID_OPT_IN", field: "passwordResetToken" }],
        });
    });
  });

  describe("change password", () => {
    it("changes it and ends the other sessions only", async () => {
      const t = server();
      const account = await confirmedAccount(t);
      // The person's sign-ins in Keycloak (the test issuer's realm): this one and another.
      const own = `session-${account.id}`;
      t.issuer.realm.addUser(account.id, [own, "elsewhere"]);
      expect(
        (await changePassword(t, account.token, GOOD_PASSWORD, "Winter-Abend-31")).status,
      ).toBe(204);
      expect(t.sessions.calls).toContainEqual({
        personId: account.id,
        exceptSessionId: `session-${account.id}`,
      });
      expect(t.issuer.realm.sessionsOf(account.id)).toEqual([own]);
    });

    it.each([
      [
        "a wrong current password",
        "Falsch-Passwort-1",
        "Winter-Abend-31",
        "PASSWORD_INCORRECT",
        "oldPassword",
      ],
      ["no current password", "", "Winter-Abend-31", "OLD_PASSWORD_MISSING", "oldPassword"],
      ["no new password", GOOD_PASSWORD, "", "NEW_PASSWORD_MISSING", "newPassword"],
      [
        "a trivial new password",
        GOOD_PASSWORD,
        "Mustermann-123",
        "PASSWORD_TRIVIAL_VALUES",
        "newPassword",
      ],
      [
        "a new password outside the policy",
        GOOD_PASSWORD,
        "kurz",
        "PASSWORD_TOO_SHORT",
        "newPassword",
      ],
      [
        "the current password again",
        GOOD_PASSWORD,
        GOOD_PASSWORD,
        "PASSWORD_IN_HISTORY",
        "newPassword",
      ],
      // Issue 46: guessable patterns, as the meter says.
      ["a repeated letter", GOOD_PASSWORD, "Aaaaaaaaaa1", "PASSWORD_TRIVIAL_VALUES", "newPassword"],
      ["a sequence", GOOD_PASSWORD, "Abcdefghij1", "PASSWORD_TRIVIAL_VALUES", "newPassword"],
      ["a keyboard row", GOOD_PASSWORD, "Qwertz12345!", "PASSWORD_TRIVIAL_VALUES", "newPassword"],
    ])("refuses %s", async (_label, oldPassword, newPassword, code, field) => {
      const t = server();
      const account = await refusalAccount();
      const res = await changePassword(t, account.token, oldPassword, newPassword);
      expect(res.status).toBe(400);
      expect(await res.json()).toContainEqual({ errorCode: code, field });
    });

    it("refuses each of the last five passwords, not the sixth", async () => {
      const t = server();
      const account = await confirmedAccount(t);
      const passwords = [
        GOOD_PASSWORD,
        "Zweites-Wort-2",
        "Drittes-Wort-3",
        "Viertes-Wort-4",
        "Fuenftes-Wort-5",
        "Sechstes-Wort-6",
      ];
      for (let i = 1; i < passwords.length; i++) {
        expect(
          (await changePassword(t, account.token, passwords[i - 1]!, passwords[i]!)).status,
        ).toBe(204);
      }
      // History now: 2..6 (the first is six changes back).
      const inHistory = await changePassword(t, account.token, "Sechstes-Wort-6", "Zweites-Wort-2");
      expect(await inHistory.json()).toEqual([
        { errorCode: "PASSWORD_IN_HISTORY", field: "newPassword" },
      ]);
      expect(
        (await changePassword(t, account.token, "Sechstes-Wort-6", GOOD_PASSWORD)).status,
      ).toBe(204);
    }, 30_000);

    it("needs a bearer token", async () => {
      const res = await server().call(
        `${API}/persons/me/change-password`,
        jsonRequest({ oldPassword: "a", newPassword: "b" }),
      );
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual([{ errorCode: "UNAUTHORIZED" }]);
    });
  });
});
