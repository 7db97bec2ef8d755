import { describe, expect, it } from "vitest";
import { issueSecureAccountToken } from "../activity/secure-account-link.js";
import { API, confirmedAccount, jsonRequest } from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { issueToken } from "./mail-tokens.js";

const DAY = 24 * 60 * 60 * 1000;

const check = async (t: TestServer, link: string, token: string) => {
  const res = await t.call(`${API}/persons/check-one-click-link`, jsonRequest({ link, token }));
  expect([res.status, res.status === 200 ? "" : await res.text()]).toEqual([200, ""]);
  return ((await res.json()) as { status: string }).status;
};

// Issue 46: the pages behind the mailed one-click links showed their button for a used or
// invalid link. The page now asks on opening; asking must not use the link (mail gateways
// open links), and the answer names nothing but valid, used or invalid.
describe.each(databases)("checking a one-click link on opening, on $name", (target) => {
  const server = useTestServer(target);

  it("answers valid for a live link, as often as asked, and the click still works", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const now = t.clock.now();
    const revert = await issueToken(t.server.database.db, {
      kind: "EMAIL_REVERT",
      personId: account.id,
      now,
      payload: { oldEmail: account.email },
    });
    for (let i = 0; i < 3; i++) expect(await check(t, "revertMail", revert)).toBe("valid");
    const clicked = await t.call(
      `${API}/persons/revert-mail-address`,
      jsonRequest({ revertToken: revert }),
    );
    expect(clicked.status).toBe(204);
    expect(await check(t, "revertMail", revert)).toBe("used");
  });

  it("answers used for a secure link spent by a securing, and for the others it retired", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const { db } = t.server.database;
    const now = t.clock.now();
    const first = await issueSecureAccountToken(db, account.id, account.email, now);
    const second = await issueSecureAccountToken(db, account.id, account.email, now);
    expect(await check(t, "secureAccount", first)).toBe("valid");
    const secured = await t.call(
      `${API}/persons/secure-account`,
      jsonRequest({ secureToken: first }),
    );
    expect(secured.status).toBe(204);
    expect(await check(t, "secureAccount", first)).toBe("used");
    expect(await check(t, "secureAccount", second)).toBe("used");
  });

  it("answers invalid for an unknown, expired or other kind's token, naming nobody", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const { db } = t.server.database;
    const now = t.clock.now();
    const cancel = await issueToken(db, { kind: "EMAIL_CHANGE_CANCEL", personId: account.id, now });
    const restore = await issueToken(db, {
      kind: "ACCOUNT_RESTORE",
      personId: account.id,
      now,
      expiresAt: new Date(now.getTime() + DAY),
    });
    expect(await check(t, "cancelMailChange", cancel)).toBe("valid");
    expect(await check(t, "restoreAccount", restore)).toBe("valid");
    // A token is checked against its own kind only.
    expect(await check(t, "revertMail", cancel)).toBe("invalid");
    expect(await check(t, "secureAccount", restore)).toBe("invalid");
    expect(await check(t, "restoreAccount", "no-such-token-at-all-anywhere")).toBe("invalid");
    t.clock.set(new Date(now.getTime() + 2 * DAY));
    expect(await check(t, "cancelMailChange", cancel)).toBe("invalid");
    expect(await check(t, "restoreAccount", restore)).toBe("invalid");
  });
});
