import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { persons } from "../db/schema/index.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
  type TestAccount,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import { untilALockIsAwaited } from "../test-support/lock-waits.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { findLiveToken, issueToken, retireTokens } from "./mail-tokens.js";
import { lockPerson } from "./person-store.js";

// Security review #3: reset and deletion links mailed to the OLD address kept working
// after an e-mail change, so whoever still reads the old mailbox could take over or delete
// the account now living at the new address. Confirming the change retires them.

const requestReset = async (t: TestServer, email: string) => {
  await t.call(`${API}/persons/request-password-reset-mail`, jsonRequest({ email }));
  return linkParam(await latestMail(t, email), "passwordResetToken");
};
const reset = (t: TestServer, passwordResetToken: string) =>
  t.call(
    `${API}/persons/reset-password`,
    jsonRequest({ passwordResetToken, newPassword: "Fremdes-Wort-99" }),
  );
const requestDeletion = async (t: TestServer, a: TestAccount) => {
  expect((await t.call(`${API}/persons/me/request-deletion`, bearer(a.token, "POST"))).status).toBe(
    200,
  );
  return linkParam(await latestMail(t, a.email), "optoutId");
};
const confirmDeletion = (t: TestServer, optOutToken: string) =>
  t.call(`${API}/persons/confirm-deletion`, jsonRequest({ optOutToken }));
const confirmMail = (t: TestServer, confirmationToken: string) =>
  t.call(`${API}/persons/confirm-mail-address`, jsonRequest({ confirmationToken }));
/** Requests the change and returns the link mailed to the new address (not yet used). */
const changeLink = async (t: TestServer, a: TestAccount, newEmail: string) => {
  const res = await t.call(
    `${API}/persons/me/change-mail-address`,
    jsonRequest({ newEmail }, { token: a.token }),
  );
  expect(res.status).toBe(200);
  return linkParam(await latestMail(t, newEmail), "optinId");
};
const personRow = async (t: TestServer, id: string) => {
  const [row] = await t.server.database.db.select().from(persons).where(eq(persons.id, id));
  return row;
};

describe.each(databases)("links of the old address after an e-mail change on $name", (target) => {
  const server = useTestServer(target);

  it("retires the reset, deletion and opt-in links mailed before the change; nothing else changes", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const resetToken = await requestReset(t, a.email);
    const deletionToken = await requestDeletion(t, a);
    const optInToken = await issueToken(t.server.database.db, {
      kind: "OPT_IN",
      personId: a.id,
      now: t.clock.now(),
    });
    const newEmail = uniqueEmail("neu").toLowerCase();
    expect((await confirmMail(t, await changeLink(t, a, newEmail))).status).toBe(204);
    const before = await personRow(t, a.id);

    // The answers of a used link (the spec's "link invalid"), as before this change.
    const resetAnswer = await reset(t, resetToken);
    expect(resetAnswer.status).toBe(400);
    expect(await resetAnswer.json()).toEqual([
      { errorCode: "INVALID_OPT_IN", field: "passwordResetToken" },
    ]);
    const deletionAnswer = await confirmDeletion(t, deletionToken);
    expect(deletionAnswer.status).toBe(400);
    expect(await deletionAnswer.json()).toEqual([
      { errorCode: "INVALID_OPT_IN", field: "optOutToken" },
    ]);
    const optInAnswer = await confirmMail(t, optInToken);
    expect(optInAnswer.status).toBe(400);
    expect(await optInAnswer.json()).toEqual([
      { errorCode: "INVALID_OPT_IN", field: "confirmationToken" },
    ]);

    // Nothing else changed: same person, new address, old password, still signed in.
    const after = await personRow(t, a.id);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ email: newEmail, passwordHash: before?.passwordHash });
    expect((await t.call(`${API}/persons/me`, bearer(a.token))).status).toBe(200);
    // Links mailed to the new address work as usual.
    const newReset = await requestReset(t, newEmail);
    expect((await reset(t, newReset)).status).toBe(204);
  });

  it("leaves the links alone while the change is only requested (not confirmed)", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const resetToken = await requestReset(t, a.email);
    await changeLink(t, a, uniqueEmail("neu"));
    expect(
      await findLiveToken(t.server.database.db, ["PASSWORD_RESET"], resetToken, t.clock.now()),
    ).toBeDefined();
    expect((await reset(t, resetToken)).status).toBe(204);
  });

  // Both lock the person's row before its tokens: taken the other way round, the reset
  // (link, then row) and the confirmation (row, then links) deadlocked on PostgreSQL (500).
  it("an old reset link used while the change is confirmed: done before it (204) or refused, never a 500", async () => {
    const t = server();
    for (let round = 0; round < 10; round++) {
      const a = await confirmedAccount(t);
      const resetToken = await requestReset(t, a.email);
      const change = await changeLink(t, a, uniqueEmail("neu"));
      const before = await personRow(t, a.id);
      const [resetAnswer, confirmAnswer] = await Promise.all([
        reset(t, resetToken),
        confirmMail(t, change),
      ]);
      expect(confirmAnswer.status).toBe(204);
      expect([204, 400]).toContain(resetAnswer.status);
      const after = await personRow(t, a.id);
      if (resetAnswer.status === 400) {
        expect(await resetAnswer.json()).toEqual([
          { errorCode: "INVALID_OPT_IN", field: "passwordResetToken" },
        ]);
        expect(after?.passwordHash).toBe(before?.passwordHash);
      } else {
        expect(after?.passwordHash).not.toBe(before?.passwordHash);
      }
      // Either way the link is spent now.
      expect((await reset(t, resetToken)).status).toBe(400);
    }
  });

  // Security review (second pass) #1: the change request took its open links' rows before
  // the person's row, every other flow the person's row first; a confirmation running at
  // the same moment deadlocked with it on PostgreSQL (500). Here a transaction holds the
  // person's row and then retires the person's links, as a confirmation does, while the
  // request runs: the request waits for it and then goes through.
  it("an e-mail change request waits for a transaction holding the person's row: no deadlock", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    await changeLink(t, a, uniqueEmail("erst").toLowerCase());
    let request: Promise<Response> | undefined;
    await t.server.database.transaction(async (tx) => {
      await lockPerson(tx, a.id);
      request = t.call(
        `${API}/persons/me/change-mail-address`,
        jsonRequest({ newEmail: uniqueEmail("zweit").toLowerCase() }, { token: a.token }),
      );
      await untilALockIsAwaited(t.server.database);
      await retireTokens(tx, a.id, ["EMAIL_CHANGE", "PASSWORD_RESET"], t.clock.now());
    });
    expect((await request)?.status).toBe(200);
  });
});
