import { describe, expect, it } from "vitest";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
  mailsTo,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

const HOUR = 60 * 60 * 1000;

const changeMail = (t: TestServer, token: string, newEmail: string) =>
  t.call(`${API}/persons/me/change-mail-address`, jsonRequest({ newEmail }, { token }));
const resend = (t: TestServer, token: string) =>
  t.call(`${API}/persons/me/resend-opt-in-mail`, bearer(token, "POST"));
const me = async (t: TestServer, token: string) =>
  (await (await t.call(`${API}/persons/me`, bearer(token))).json()) as {
    email: string;
    pendingEmail?: string | null;
  };
const confirm = (t: TestServer, confirmationToken: string) =>
  t.call(`${API}/persons/confirm-mail-address`, jsonRequest({ confirmationToken }));

describe.each(embedded)("e-mail change on $name", (target) => {
  const server = useTestServer(target);

  it("mails the link to the NEW address; confirming switches and tells the old address", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const newEmail = uniqueEmail("Neu");
    const res = await changeMail(t, account.token, newEmail);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: newEmail.toLowerCase() });
    const mail = await latestMail(t, newEmail);
    const link = new URL(mail.links[0] ?? "");
    expect(link.pathname).toBe("/benutzerverwaltung/konto/email-aenderung-bestaetigen");
    t.sessions.calls.length = 0;
    expect((await confirm(t, linkParam(mail, "optinId"))).status).toBe(204);
    // "Sign in again with the new address": every sign-in ends, none kept; before the
    // switch and once more after it (end-sign-ins.ts).
    const all = { personId: account.id, exceptSessionId: undefined };
    expect(t.sessions.calls).toEqual([all, all]);
    const person = (await (await t.call(`${API}/persons/me`, bearer(account.token))).json()) as {
      email: string;
    };
    expect(person.email).toBe(newEmail.toLowerCase());
    const notice = await latestMail(t, account.email);
    expect(notice.subject).toContain("wurde geändert");
    expect(notice.text).toContain(newEmail.toLowerCase());
    // "If you need help": the support contact (issue 46), not the homepage.
    expect(notice.html).toContain(`href="mailto:${t.server.config.supportContact.email}"`);
    // Single use.
    expect((await confirm(t, linkParam(mail, "optinId"))).status).toBe(400);
  });

  it("resends the confirmation to the pending address; only the newest link works", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const newEmail = uniqueEmail("neu");
    await changeMail(t, account.token, newEmail);
    const first = linkParam(await latestMail(t, newEmail), "optinId");
    const res = await resend(t, account.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: newEmail });
    const mails = await mailsTo(t, newEmail);
    expect(mails).toHaveLength(2);
    expect((await confirm(t, first)).status).toBe(400);
    expect((await confirm(t, linkParam(mails[0]!, "optinId"))).status).toBe(204);
  });

  it("answers 404 NOT_FOUND to a resend without a pending change", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const res = await resend(t, account.token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual([{ errorCode: "NOT_FOUND" }]);
  });

  it.each([
    ["the current address", "EMAIL_UNCHANGED", (email: string) => email.toUpperCase()],
    ["an invalid address", "EMAIL_NOT_VALID", () => "kein-at-zeichen"],
    ["a non-ASCII address", "EMAIL_NOT_VALID", () => "jürgen@example.org"],
    ["an empty address", "FIELD_EMPTY", () => " "],
  ])("refuses %s with %s", async (_label, code, newEmail) => {
    const t = server();
    const account = await confirmedAccount(t);
    const res = await changeMail(t, account.token, newEmail(account.email));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ errorCode: code, field: "newEmail" }]);
  });

  it("answers the same for an address of another account, which only gets a notice", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const other = await confirmedAccount(t);
    const res = await changeMail(t, account.token, other.email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: other.email });
    const mail = await latestMail(t, other.email);
    expect(mail.subject).toContain("Registrierungsversuch");
    expect(mail.links.some((l) => l.includes("optinId"))).toBe(false);
    // The profile's pending address looks the same as for a free address.
    expect((await me(t, account.token)).pendingEmail).toBe(other.email);
  });

  it("shows the open change as pendingEmail on GET /persons/me until it is confirmed", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    expect((await me(t, account.token)).pendingEmail).toBeNull();
    const newEmail = uniqueEmail("offen");
    await changeMail(t, account.token, newEmail);
    const pending = await me(t, account.token);
    expect(pending).toMatchObject({ email: account.email, pendingEmail: newEmail.toLowerCase() });
    await confirm(t, linkParam(await latestMail(t, newEmail), "optinId"));
    expect(await me(t, account.token)).toMatchObject({
      email: newEmail.toLowerCase(),
      pendingEmail: null,
    });
  });

  it("answers a resend alike whether the pending address has an account or not", async () => {
    const t = server();
    const taken = await confirmedAccount(t);
    const answers = [];
    for (const newEmail of [taken.email, uniqueEmail("frei")]) {
      const account = await confirmedAccount(t);
      expect((await changeMail(t, account.token, newEmail)).status).toBe(200);
      const res = await resend(t, account.token);
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]?.body).toEqual({ email: taken.email });
    // The owner gets the notice again, never a link.
    const notices = (await mailsTo(t, taken.email)).filter((m) =>
      m.subject.includes("Registrierungsversuch"),
    );
    expect(notices).toHaveLength(2);
    expect(notices.some((m) => m.links.some((l) => l.includes("optinId")))).toBe(false);
  });

  it("lets the link expire after 24 hours", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const newEmail = uniqueEmail();
    await changeMail(t, account.token, newEmail);
    const token = linkParam(await latestMail(t, newEmail), "optinId");
    t.clock.advance(24 * HOUR + 1000);
    try {
      expect((await confirm(t, token)).status).toBe(400);
    } finally {
      t.clock.set(new Date());
    }
  });

  it("fails the link when the new address was registered meanwhile", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const newEmail = uniqueEmail();
    await changeMail(t, account.token, newEmail);
    const token = linkParam(await latestMail(t, newEmail), "optinId");
    await confirmedAccount(t, { email: newEmail });
    const res = await confirm(t, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ errorCode: "INVALID_OPT_IN", field: "confirmationToken" }]);
  });
});
