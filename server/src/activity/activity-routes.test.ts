import type { SecurityEventPage } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { securityEvents } from "../db/schema/index.js";
import { purgeRetained } from "../privacy/retention-purge.js";
import {
  API,
  bearer,
  confirmedAccount,
  GOOD_PASSWORD,
  jsonRequest,
  linkParam,
  mailsTo,
  type TestAccount,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { recordSecurityEvent } from "./security-events.js";

// Issue 18: the person's own security events, newest first, paged, kept 90 days; the
// API's changes record theirs and alert the person by mail.

const activity = async (t: TestServer, a: TestAccount, before?: string) => {
  const query = before === undefined ? "" : `?before=${encodeURIComponent(before)}`;
  const res = await t.call(`${API}/persons/me/activity${query}`, bearer(a.token));
  expect(res.status).toBe(200);
  return (await res.json()) as SecurityEventPage;
};

const kinds = async (t: TestServer, a: TestAccount) =>
  (await activity(t, a)).events.map((e) => e.kind);

const DAY = 86_400_000;

describe.each(databases)("activity on $name", (target) => {
  const server = useTestServer(target);

  it("records a password change and mails the alert in the person's language", async () => {
    const t = server();
    const a = await confirmedAccount(t, { preferredLanguage: "en" });
    const res = await t.call(
      `${API}/persons/me/change-password`,
      jsonRequest(
        { oldPassword: a.password, newPassword: "Herbst-Laub77" },
        { method: "POST", token: a.token },
      ),
    );
    expect(res.status).toBe(204);
    expect(await kinds(t, a)).toEqual(["password-changed"]);
    const [alert] = (await mailsTo(t, a.email)).filter((m) =>
      m.subject.includes("password was changed"),
    );
    expect(alert?.links.some((l) => l.endsWith("/benutzerverwaltung/passwort-vergessen"))).toBe(
      true,
    );
  });

  it("alerts the OLD address of an e-mail change and records request and confirmation", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const newEmail = `neu.${a.email}`;
    const res = await t.call(
      `${API}/persons/me/change-mail-address`,
      jsonRequest({ newEmail }, { method: "POST", token: a.token }),
    );
    expect(res.status).toBe(200);
    const alert = (await mailsTo(t, a.email)).find((m) =>
      m.subject.includes("Änderung Ihrer E-Mail-Adresse angefordert"),
    );
    expect(alert?.text).toContain(newEmail);
    expect(alert?.links.some((l) => l.endsWith("/passwort-vergessen"))).toBe(true);
    const [confirmation] = await mailsTo(t, newEmail);
    const confirmed = await t.call(
      `${API}/persons/confirm-mail-address`,
      jsonRequest({ confirmationToken: linkParam(confirmation!, "optinId") }),
    );
    expect(confirmed.status).toBe(204);
    expect(await kinds(t, a)).toEqual(["email-changed", "email-change-requested"]);
  });

  it("records a deletion request", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const res = await t.call(`${API}/persons/me/request-deletion`, bearer(a.token, "POST"));
    expect(res.status).toBe(200);
    expect(await kinds(t, a)).toEqual(["deletion-requested"]);
  });

  it("pages newest first with a cursor, shows only the person's own events", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const other = await confirmedAccount(t);
    const db = t.server.database.db;
    const start = Date.now() - 60 * 60_000;
    for (let i = 0; i < 45; i++) {
      await recordSecurityEvent(
        db,
        a.id,
        "sign-in",
        { browser: `B${i}` },
        new Date(start + i * 1000),
      );
    }
    await recordSecurityEvent(db, other.id, "sign-in", { browser: "other" });
    const first = await activity(t, a);
    const second = await activity(t, a, first.next);
    const third = await activity(t, a, second.next);
    expect([first.events.length, second.events.length, third.events.length]).toEqual([20, 20, 5]);
    expect(third.next).toBeUndefined();
    const browsers = [...first.events, ...second.events, ...third.events].map((e) => e.browser);
    expect(browsers).toEqual(Array.from({ length: 45 }, (_, i) => `B${44 - i}`));
    // Another person's cursor, or none that exists, yields nothing; a malformed one is refused.
    const foreign = (await activity(t, other)).events[0]?.id;
    expect((await activity(t, a, foreign)).events).toEqual([]);
    const bad = await t.call(`${API}/persons/me/activity?before=x'--`, bearer(a.token));
    expect(bad.status).toBe(400);
    expect(await t.call(`${API}/persons/me/activity`)).toHaveProperty("status", 401);
  });

  it("keeps 90 days: older events are neither listed nor kept after the purge, purged once by parallel runs", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const db = t.server.database.db;
    const now = Date.now();
    for (const days of [91, 120, 365]) {
      await recordSecurityEvent(
        db,
        a.id,
        "sign-in",
        { browser: "old" },
        new Date(now - days * DAY),
      );
    }
    await recordSecurityEvent(db, a.id, "sign-in", { browser: "recent" }, new Date(now - 89 * DAY));
    expect((await activity(t, a)).events.map((e) => e.browser)).toEqual(["recent"]);
    // Two purges at once: one does the work (the retention purge's own tests cover two processes).
    const purge = () =>
      purgeRetained({
        database: t.server.database,
        retentionHours: t.server.config.retentionHours,
        deletionGraceDays: 0,
        now: new Date(now),
        dryRun: false,
      });
    const runs = await Promise.all([purge(), purge()]);
    const activityCounts = runs.map((r) => r.kinds.find((k) => k.kind === "activity")?.count ?? 0);
    expect(activityCounts[0]! + activityCounts[1]!).toBe(3);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    const left = await db.select().from(securityEvents);
    expect(left.some((e) => e.details.browser === "old")).toBe(false);
    expect(left.some((e) => e.details.browser === "recent")).toBe(true);
  });

  it("a password reset counts as a password change", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    await t.call(
      `${API}/persons/request-password-reset-mail`,
      jsonRequest({ email: a.email }, { method: "POST" }),
    );
    const mail = (await mailsTo(t, a.email)).find((m) =>
      m.links.some((l) => l.includes("passwordResetToken")),
    );
    const res = await t.call(
      `${API}/persons/reset-password`,
      jsonRequest(
        {
          passwordResetToken: linkParam(mail!, "passwordResetToken"),
          newPassword: `${GOOD_PASSWORD}x`,
        },
        { method: "POST" },
      ),
    );
    expect(res.status).toBe(204);
    expect(await kinds(t, a)).toEqual(["password-changed"]);
  });
});
