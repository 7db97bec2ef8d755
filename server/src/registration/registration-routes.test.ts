import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailTokens, passwordHistory, persons } from "../db/schema/index.js";
import {
  API,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
  mailsTo,
  personIdOf,
  registration,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";

const DAY = 24 * 60 * 60 * 1000;

describe.each(embedded)("registration and opt-in on $name", (target) => {
  const server = useTestServer(target);
  const register = (body: unknown) => server().call(`${API}/persons/register`, jsonRequest(body));
  const confirm = (confirmationToken: string) =>
    server().call(`${API}/persons/confirm-mail-address`, jsonRequest({ confirmationToken }));

  it("registers, keeps the registration fields and mails the opt-in link with optinId and prt", async () => {
    const t = server();
    const payload = registration({ email: uniqueEmail("Erika") });
    const res = await register(payload);
    expect(res.status).toBe(201);
    expect(res.headers.get("correlationid")).toBeTruthy();
    const mail = await latestMail(t, payload.email);
    expect(mail.subject).toContain("E-Mail-Adresse");
    const link = new URL(mail.links[0] ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(
      `${t.server.config.publicUrl}/benutzerverwaltung/registrierung-bestaetigen`,
    );
    expect(link.searchParams.get("prt")).toBe("prt-4711");
    // The registration key leads the confirmation page on to the user's web target.
    expect(link.searchParams.get("prk")).toBe("MC");
    expect(link.searchParams.get("optinId")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.server.database.db
      .select()
      .from(persons)
      .where(eq(persons.email, payload.email.toLowerCase()));
    expect(row).toMatchObject({
      email: payload.email.toLowerCase(),
      salutation: "MS",
      givenName: "Erika",
      surName: "Mustermann",
      consentMarketing: "GIVEN",
      consentRecherche: "NOT_EXPRESSED",
      postRegistrationKey: "MC",
      postRegistrationToken: "prt-4711",
      preferredLanguage: "de",
      emailConfirmedAt: null,
    });
    expect(row?.consentMarketingUpdatedAt).toBeInstanceOf(Date);
    expect(row?.consentRechercheUpdatedAt).toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    // Only the hash of the mailed token is stored.
    const tokens = await t.server.database.db
      .select()
      .from(mailTokens)
      .where(eq(mailTokens.personId, row?.id ?? ""));
    expect(tokens.map((k) => k.tokenHash)).not.toContain(link.searchParams.get("optinId"));
    expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("writes the mail in the person's language (en, fr)", async () => {
    const en = registration({ preferredLanguage: "en" });
    const fr = registration({ preferredLanguage: "fr-LU" });
    await register(en);
    await register(fr);
    expect((await latestMail(server(), en.email)).subject).toContain("Please confirm");
    expect((await latestMail(server(), fr.email)).subject).toContain("veuillez confirmer");
  });

  it.each([
    ["a too short password", { password: "Kurz1!" }, "PASSWORD_TOO_SHORT", "password"],
    [
      "a password naming the person",
      { password: "Mustermann-2024" },
      "PASSWORD_TRIVIAL_VALUES",
      "password",
    ],
    // Issue 46: a repeat, a sequence, a keyboard row and 12345.
    ["a repeated letter", { password: "Aaaaaaaaaa1" }, "PASSWORD_TRIVIAL_VALUES", "password"],
    ["a sequence", { password: "Abcdefghij1" }, "PASSWORD_TRIVIAL_VALUES", "password"],
    ["a keyboard row", { password: "Qwertz12345!" }, "PASSWORD_TRIVIAL_VALUES", "password"],
    ["an invalid e-mail", { email: "not-an-address" }, "EMAIL_NOT_VALID", "email"],
    ["an empty given name", { givenName: " " }, "FIRSTNAME_MISSING", "givenName"],
    ["a name with forbidden characters", { surname: "Muster<mann>" }, "INVALID_NAME", "surname"],
    ["a crefonummer with letters", { crefonummer: "12ab" }, "INVALID_CREFONUMMER", "crefonummer"],
  ])("refuses %s with %s and writes nothing", async (_label, change, code, field) => {
    const payload = registration(change);
    const res = await register(payload);
    expect(res.status).toBe(400);
    expect(await res.json()).toContainEqual({ errorCode: code, field });
    await expect(personIdOf(server(), payload.email)).rejects.toThrow();
  });

  it("refuses a body that is not a registration payload with INVALID_REQUEST", async () => {
    const { consentMarketing: _dropped, ...incomplete } = registration();
    const res = await register(incomplete);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ errorCode: "INVALID_REQUEST", field: "consentMarketing" }]);
    const notJson = await server().call(`${API}/persons/register`, jsonRequest("{oops"));
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual([{ errorCode: "INVALID_REQUEST" }]);
  });

  it("answers BACKEND_VALIDATION_ERROR for an address with an account, creates nothing and notifies that address", async () => {
    const t = server();
    const first = registration();
    await register(first);
    const before = await mailsTo(t, first.email);
    const res = await register({
      ...first,
      email: first.email.toUpperCase(),
      givenName: "Mallory",
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual([{ errorCode: "BACKEND_VALIDATION_ERROR", field: "email" }]);
    const rows = await t.server.database.db
      .select()
      .from(persons)
      .where(eq(persons.email, first.email.toLowerCase()));
    expect(rows.map((r) => r.givenName)).toEqual(["Erika"]);
    const after = await mailsTo(t, first.email);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.subject).toContain("Registrierungsversuch");
  });

  it("confirms the address once; a used, unknown or expired link is INVALID_OPT_IN", async () => {
    const t = server();
    const payload = registration();
    await register(payload);
    const optinId = linkParam(await latestMail(t, payload.email), "optinId");
    expect((await confirm(optinId)).status).toBe(204);
    const [row] = await t.server.database.db
      .select()
      .from(persons)
      .where(eq(persons.email, payload.email.toLowerCase()));
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
    const again = await confirm(optinId);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual([
      { errorCode: "INVALID_OPT_IN", field: "confirmationToken" },
    ]);
    expect((await confirm("123")).status).toBe(400);
    expect((await confirm("x".repeat(43))).status).toBe(400);

    const late = registration();
    await register(late);
    const lateId = linkParam(await latestMail(t, late.email), "optinId");
    t.clock.advance(7 * DAY + 1000);
    try {
      const expired = await confirm(lateId);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toEqual([
        { errorCode: "INVALID_OPT_IN", field: "confirmationToken" },
      ]);
    } finally {
      t.clock.set(new Date());
    }
  });

  it("does not accept a password-reset token as an opt-in token", async () => {
    const t = server();
    const payload = registration();
    await register(payload);
    await t.call(
      `${API}/persons/request-password-reset-mail`,
      jsonRequest({ email: payload.email }),
    );
    const resetToken = linkParam(await latestMail(t, payload.email), "passwordResetToken");
    expect((await confirm(resetToken)).status).toBe(400);
  });

  it("resends the opt-in mail to unconfirmed accounts and answers the same for every address", async () => {
    const t = server();
    const payload = registration({ postRegistrationTargetKey: "BONITAET" });
    await register(payload);
    const resend = (email: string) =>
      t.call(`${API}/persons/resend-opt-in-mail`, jsonRequest({ email }));
    const known = await resend(payload.email);
    const unknown = await resend(uniqueEmail("nobody"));
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    const mails = await mailsTo(t, payload.email);
    expect(mails).toHaveLength(2);
    // The resent link keeps the registration's key and token (its return target).
    expect(linkParam(mails[0]!, "prk")).toBe("BONITAET");
    expect(linkParam(mails[0]!, "prt")).toBe(payload.postRegistrationToken);
    // The new link works.
    expect((await confirm(linkParam(mails[0]!, "optinId"))).status).toBe(204);
    // Confirmed accounts get no further opt-in mail.
    await resend(payload.email);
    expect(await mailsTo(t, payload.email)).toHaveLength(2);
  });

  it("records the first password in the history", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const history = await t.server.database.db
      .select()
      .from(passwordHistory)
      .where(eq(passwordHistory.personId, account.id));
    expect(history).toHaveLength(1);
  });
});
