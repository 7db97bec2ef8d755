import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FREE_FAILURES, reserveAttempt, subjectOf } from "../credentials/index.js";
import { identityLoginFailures } from "../db/schema/identity.js";
import { persons } from "../db/schema/index.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  type TestAccount,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

// Security review #2: POST /persons/me/change-password checked the current password with
// no count and no limit, so a bearer token was a password-guessing oracle. Its attempts
// now count against the sign-in's per-address waits (reserved before the check).

const NEW_PASSWORD = "Herbst-Laub-77";

const change = (t: TestServer, a: TestAccount, oldPassword: string) =>
  t.call(
    `${API}/persons/me/change-password`,
    jsonRequest({ oldPassword, newPassword: NEW_PASSWORD }, { token: a.token }),
  );

const expectWait = async (res: Response) => {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
};

const failuresRow = async (t: TestServer, email: string) => {
  const [row] = await t.server.database.db
    .select()
    .from(identityLoginFailures)
    .where(eq(identityLoginFailures.subjectHash, subjectOf(email)));
  return row;
};

const passwordHashOf = async (t: TestServer, a: TestAccount) => {
  const [row] = await t.server.database.db
    .select({ hash: persons.passwordHash })
    .from(persons)
    .where(eq(persons.id, a.id));
  return row?.hash;
};

// The minute has passed (moved in the database, whose clock the wait uses).
const endWait = (t: TestServer, email: string) =>
  t.server.database.db
    .update(identityLoginFailures)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(identityLoginFailures.subjectHash, subjectOf(email)));

describe.each(databases)("guessing the current password on $name", (target) => {
  const server = useTestServer(target);

  it("counts every one of 20 parallel wrong guesses: five are checked, the rest wait (429, Retry-After)", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => change(t, a, `Falsch-Wort-${i}!`)),
    );
    const checked = answers.filter((r) => r.status === 400);
    const waiting = answers.filter((r) => r.status === 429);
    expect(checked).toHaveLength(FREE_FAILURES + 1);
    expect(waiting).toHaveLength(20 - (FREE_FAILURES + 1));
    for (const r of checked) {
      expect(await r.json()).toEqual([{ errorCode: "PASSWORD_INCORRECT", field: "oldPassword" }]);
    }
    for (const r of waiting) await expectWait(r);
    // Each checked guess was counted, and the wait the fifth imposed runs.
    const row = await failuresRow(t, a.email);
    expect(row?.failures).toBe(FREE_FAILURES + 1);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    // The same wait holds the sign-in form: one count per address.
    expect((await reserveAttempt(t.server.database.db, a.email)).allowed).toBe(false);
    // The person sees the checked guesses as failed attempts.
    const activity = (await (
      await t.call(`${API}/persons/me/activity`, bearer(a.token))
    ).json()) as {
      events: Array<{ kind: string }>;
    };
    expect(activity.events.filter((e) => e.kind === "sign-in-failed")).toHaveLength(
      FREE_FAILURES + 1,
    );
  });

  it("refuses the right password while the wait runs, takes it after, and the success clears the count", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const before = await passwordHashOf(t, a);
    for (let i = 0; i < FREE_FAILURES + 1; i++) {
      expect((await change(t, a, `Falsch-Wort-${i}!`)).status).toBe(400);
    }
    await expectWait(await change(t, a, a.password));
    expect(await passwordHashOf(t, a)).toBe(before);

    await endWait(t, a.email);
    expect((await change(t, a, a.password)).status).toBe(204);
    expect(await passwordHashOf(t, a)).not.toBe(before);
    expect(await failuresRow(t, a.email)).toBeUndefined();
    // Four free failures again after the success.
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await change(t, a, `Falsch-Wort-${i}!`)).status).toBe(400);
    }
  });

  it("waits after failed sign-ins of the address too", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    for (let i = 0; i < FREE_FAILURES + 1; i++) await reserveAttempt(t.server.database.db, a.email);
    await expectWait(await change(t, a, a.password));
  });
});
