import type { OutboxMessage } from "@portal/contracts";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { persons, securityEvents } from "../db/schema/index.js";
import {
  API,
  bearer,
  confirmedAccount,
  GOOD_PASSWORD,
  jsonRequest,
  latestMail,
  linkParam,
  mailsTo,
  type TestAccount,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

// Issue 29's blocker: a pending e-mail change survived the fix the alert recommends (a new
// password), the profile could not cancel it, and a confirmed change had no way back.

const DAY = 24 * 60 * 60 * 1000;

/** The token `name` of the mail's link whose path ends with `path`. */
const tokenOf = (mail: OutboxMessage, path: string, name: string): string => {
  const link = mail.links.find((l) => new URL(l).pathname.endsWith(path));
  const value = link ? new URL(link).searchParams.get(name) : null;
  if (!value) throw new Error(`no ${path} link in: ${mail.links.join(" ")}`);
  return value;
};

/** Requests a change to `newEmail`; answers the link to the new address and the cancel token. */
const requestChange = async (t: TestServer, a: TestAccount, newEmail: string) => {
  const res = await t.call(
    `${API}/persons/me/change-mail-address`,
    jsonRequest({ newEmail }, { token: a.token }),
  );
  expect(res.status).toBe(200);
  const confirm = linkParam(await latestMail(t, newEmail), "optinId");
  const cancel = tokenOf(await latestMail(t, a.email), "/konto/email-aenderung-abbrechen", "token");
  return { confirm, cancel };
};
const confirmMail = (t: TestServer, confirmationToken: string) =>
  t.call(`${API}/persons/confirm-mail-address`, jsonRequest({ confirmationToken }));
const cancelByLink = (t: TestServer, cancelToken: string) =>
  t.call(`${API}/persons/cancel-mail-address-change`, jsonRequest({ cancelToken }));
const cancelSignedIn = (t: TestServer, a: TestAccount) =>
  t.call(`${API}/persons/me/cancel-mail-address-change`, bearer(a.token, "POST"));
const revert = (t: TestServer, revertToken: string) =>
  t.call(`${API}/persons/revert-mail-address`, jsonRequest({ revertToken }));
const pendingOf = async (t: TestServer, a: TestAccount) =>
  ((await (await t.call(`${API}/persons/me`, bearer(a.token))).json()) as { pendingEmail?: string })
    .pendingEmail ?? null;
const emailOf = async (t: TestServer, id: string) => {
  const [row] = await t.server.database.db.select().from(persons).where(eq(persons.id, id));
  return row?.email;
};
const eventsOf = async (t: TestServer, id: string) =>
  (
    await t.server.database.db
      .select({ kind: securityEvents.kind })
      .from(securityEvents)
      .where(eq(securityEvents.personId, id))
  ).map((e) => e.kind);
const invalid = async (res: Response, field: string) => {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual([{ errorCode: "INVALID_OPT_IN", field }]);
};
/** A confirmed change of `a` to a new address; answers it and the revert token mailed to the old one. */
const confirmedChange = async (t: TestServer, a: TestAccount) => {
  const newEmail = uniqueEmail("neu").toLowerCase();
  const { confirm } = await requestChange(t, a, newEmail);
  expect((await confirmMail(t, confirm)).status).toBe(204);
  const revertToken = tokenOf(
    await latestMail(t, a.email),
    "/konto/email-aenderung-zuruecknehmen",
    "token",
  );
  return { newEmail, revertToken };
};

/** The "password changed" mail's line about a pending change it cancelled (German). */
const CANCELLED_DE = "Die ausstehende Änderung Ihrer E-Mail-Adresse wurde damit abgebrochen";

describe.each(databases)("undoing an e-mail change on $name", (target) => {
  const server = useTestServer(target);
  // Tests of expiry move the shared clock; the next test starts at the real time again.
  afterEach(() => server().clock.set(new Date()));

  it("a password reset retires the pending change: its link is invalid, the address stays", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const { confirm } = await requestChange(t, a, uniqueEmail("angreifer"));
    await t.call(`${API}/persons/request-password-reset-mail`, jsonRequest({ email: a.email }));
    const resetToken = tokenOf(
      await latestMail(t, a.email),
      "/passwort-zuruecksetzen",
      "passwordResetToken",
    );
    const reset = await t.call(
      `${API}/persons/reset-password`,
      jsonRequest({ passwordResetToken: resetToken, newPassword: "Neues-Wort-77" }),
    );
    expect(reset.status).toBe(204);
    await invalid(await confirmMail(t, confirm), "confirmationToken");
    expect(await emailOf(t, a.id)).toBe(a.email);
    expect(await pendingOf(t, a)).toBeNull();
    expect(await eventsOf(t, a.id)).toContain("email-change-cancelled");
    // Issue 46: the "password changed" mail says the pending change went with it.
    const changed = await latestMail(t, a.email);
    expect(changed.subject).toMatch(/Passwort wurde geändert/);
    expect(changed.text).toContain(CANCELLED_DE);
  });

  it("the reset's mail names no cancelled change when none was pending", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    await t.call(`${API}/persons/request-password-reset-mail`, jsonRequest({ email: a.email }));
    const resetToken = tokenOf(
      await latestMail(t, a.email),
      "/passwort-zuruecksetzen",
      "passwordResetToken",
    );
    const reset = await t.call(
      `${API}/persons/reset-password`,
      jsonRequest({ passwordResetToken: resetToken, newPassword: "Neues-Wort-77" }),
    );
    expect(reset.status).toBe(204);
    const changed = await latestMail(t, a.email);
    expect(changed.subject).toMatch(/Passwort wurde geändert/);
    expect(changed.text).not.toContain(CANCELLED_DE);
  });

  it("a password change retires the pending change", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const { confirm } = await requestChange(t, a, uniqueEmail("angreifer"));
    const res = await t.call(
      `${API}/persons/me/change-password`,
      jsonRequest({ oldPassword: GOOD_PASSWORD, newPassword: "Neues-Wort-77" }, { token: a.token }),
    );
    expect(res.status).toBe(204);
    await invalid(await confirmMail(t, confirm), "confirmationToken");
    expect(await emailOf(t, a.id)).toBe(a.email);
    expect((await latestMail(t, a.email)).text).toContain(CANCELLED_DE);
  });

  it("the profile cancels the pending change (recorded); a second cancel finds none", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const { confirm, cancel } = await requestChange(t, a, uniqueEmail("neu"));
    expect((await cancelSignedIn(t, a)).status).toBe(204);
    await invalid(await confirmMail(t, confirm), "confirmationToken");
    expect(await pendingOf(t, a)).toBeNull();
    expect(await eventsOf(t, a.id)).toContain("email-change-cancelled");
    const again = await cancelSignedIn(t, a);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual([{ errorCode: "NO_OPEN_EMAIL_CHANGE" }]);
    // The mailed cancel link has nothing left to cancel.
    await invalid(await cancelByLink(t, cancel), "cancelToken");
  });

  it("cancels signed in: of ten at once exactly one succeeds", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    await requestChange(t, a, uniqueEmail("neu"));
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancelSignedIn(t, a)));
    expect(answers.map((r) => r.status).sort()).toEqual([204, ...Array(9).fill(404)]);
    expect((await eventsOf(t, a.id)).filter((k) => k === "email-change-cancelled")).toHaveLength(1);
  });

  it("the alert's cancel link cancels once; ten clicks at once: exactly one succeeds", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const { confirm, cancel } = await requestChange(t, a, uniqueEmail("neu"));
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancelByLink(t, cancel)));
    expect(answers.map((r) => r.status).sort()).toEqual([204, ...Array(9).fill(400)]);
    await invalid(await confirmMail(t, confirm), "confirmationToken");
    expect(await pendingOf(t, a)).toBeNull();
    expect((await eventsOf(t, a.id)).filter((k) => k === "email-change-cancelled")).toHaveLength(1);
  });

  it("a cancel link is invalid once the change is confirmed, expired, or of another kind", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const first = await requestChange(t, a, uniqueEmail("neu"));
    // Another kind: the change link is no cancel link, and vice versa.
    await invalid(await cancelByLink(t, first.confirm), "cancelToken");
    await invalid(await confirmMail(t, first.cancel), "confirmationToken");
    // Expired after a day, as the change link it cancels.
    t.clock.advance(DAY + 1000);
    await invalid(await cancelByLink(t, first.cancel), "cancelToken");
    t.clock.set(new Date());
    const second = await requestChange(t, a, uniqueEmail("neu"));
    expect((await confirmMail(t, second.confirm)).status).toBe(204);
    await invalid(await cancelByLink(t, second.cancel), "cancelToken");
  });

  it("the old address's revert link restores it, ends the sessions and retires open links", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const { newEmail, revertToken } = await confirmedChange(t, a);
    expect(await emailOf(t, a.id)).toBe(newEmail);
    // Whoever holds the new address asks for a reset link; the revert retires it.
    await t.call(`${API}/persons/request-password-reset-mail`, jsonRequest({ email: newEmail }));
    const resetToken = linkParam(await latestMail(t, newEmail), "passwordResetToken");
    t.sessions.calls.length = 0;

    expect((await revert(t, revertToken)).status).toBe(204);
    expect(await emailOf(t, a.id)).toBe(a.email);
    // Before the revert and once more after it (end-sign-ins.ts).
    const all = { personId: a.id, exceptSessionId: undefined };
    expect(t.sessions.calls).toEqual([all, all]);
    await invalid(
      await t.call(
        `${API}/persons/reset-password`,
        jsonRequest({ passwordResetToken: resetToken, newPassword: "Fremdes-Wort-99" }),
      ),
      "passwordResetToken",
    );
    expect(await eventsOf(t, a.id)).toContain("email-change-reverted");
    // The restored address hears of it, with the way to a new password.
    const mail = await latestMail(t, a.email);
    expect(mail.links.some((l) => new URL(l).pathname.endsWith("/passwort-vergessen"))).toBe(true);
    expect(mail.text).not.toContain("/login");
    // Single-use.
    await invalid(await revert(t, revertToken), "revertToken");
  });

  it("two revert clicks at once: exactly one restores", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const { revertToken } = await confirmedChange(t, a);
    const answers = await Promise.all(Array.from({ length: 10 }, () => revert(t, revertToken)));
    expect(answers.map((r) => r.status).sort()).toEqual([204, ...Array(9).fill(400)]);
    expect(await emailOf(t, a.id)).toBe(a.email);
    expect((await eventsOf(t, a.id)).filter((k) => k === "email-change-reverted")).toHaveLength(1);
  });

  it("a revert link is valid 7 days and only as a revert link", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const { newEmail, revertToken } = await confirmedChange(t, a);
    await invalid(await confirmMail(t, revertToken), "confirmationToken");
    await invalid(await cancelByLink(t, revertToken), "cancelToken");
    t.clock.advance(7 * DAY + 1000);
    await invalid(await revert(t, revertToken), "revertToken");
    expect(await emailOf(t, a.id)).toBe(newEmail);
    await invalid(await revert(t, "x".repeat(43)), "revertToken");
  });

  it("refuses the revert while another account holds the old address; the link stays usable", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const { newEmail, revertToken } = await confirmedChange(t, a);
    const other = await confirmedAccount(t, { email: a.email });
    const refused = await revert(t, revertToken);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual([{ errorCode: "EMAIL_ADDRESS_TAKEN" }]);
    expect(await emailOf(t, a.id)).toBe(newEmail);
    expect(await emailOf(t, other.id)).toBe(a.email);
  });

  it("the changed mail to the old address carries the revert link, the time and no sign-in button", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    await confirmedChange(t, a);
    const [changed] = await mailsTo(t, a.email);
    expect(changed?.links.some((l) => l.endsWith("/login"))).toBe(false);
    expect(changed?.text).toMatch(/\d{2}:\d{2}/);
  });
});
