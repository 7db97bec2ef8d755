import { PasskeyUpgradeSetting } from "@portal/contracts";
import { eq } from "drizzle-orm";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { persons } from "../../db/schema/persons.js";
import { API, bearer, confirmedAccount, jsonRequest } from "../../test-support/api-helpers.js";
import { databases } from "../../test-support/databases.js";
import type { TestServer } from "../../test-support/test-server.js";
import { useTestServer } from "../../test-support/use-test-server.js";

// The security page's switch for issue 49's automatic passkey upgrade: stored per person,
// one statement per write, so parallel toggles leave the row as the last one wrote it.

const PATH = `${API}/persons/me/passkey-upgrade`;
const decode = Schema.decodeUnknownSync(PasskeyUpgradeSetting, { onExcessProperty: "error" });

const put = (t: TestServer, token: string, body: unknown) =>
  t.call(PATH, jsonRequest(body, { method: "PUT", token }));

const stored = async (t: TestServer, personId: string) => {
  const [row] = await t.server.database.db
    .select({ enabled: persons.passkeyUpgrade, updatedAt: persons.updatedAt })
    .from(persons)
    .where(eq(persons.id, personId));
  return row;
};

describe.each(databases)("GET/PUT /persons/me/passkey-upgrade on $name", (target) => {
  const server = useTestServer(target);

  it("is on by default, turns off and on again, and answers the stored state", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const other = await confirmedAccount(t);
    const first = await t.call(PATH, bearer(a.token));
    expect(first.status).toBe(200);
    expect(decode(await first.json())).toEqual({ enabled: true });
    const before = await stored(t, a.id);

    const off = await put(t, a.token, { enabled: false });
    expect(off.status).toBe(200);
    expect(decode(await off.json())).toEqual({ enabled: false });
    expect(await (await t.call(PATH, bearer(a.token))).json()).toEqual({ enabled: false });
    // The profile's version (its ETag, Keycloak's sync) does not move for this setting.
    expect(await stored(t, a.id)).toEqual({ enabled: false, updatedAt: before?.updatedAt });
    // Someone else's setting stays as it was.
    expect(await (await t.call(PATH, bearer(other.token))).json()).toEqual({ enabled: true });

    const on = await put(t, a.token, { enabled: true });
    expect(await on.json()).toEqual({ enabled: true });
    expect((await stored(t, a.id))?.enabled).toBe(true);
  });

  it("refuses a body that is not one boolean, and stores nothing", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    for (const body of [{}, { enabled: "false" }, { enabled: null }, { enabled: 0 }, "[", []]) {
      const res = await put(t, a.token, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain("INVALID_REQUEST");
    }
    expect((await stored(t, a.id))?.enabled).toBe(true);
  });

  it("needs a bearer token", async () => {
    const t = server();
    expect((await t.call(PATH)).status).toBe(401);
    expect((await t.call(PATH, jsonRequest({ enabled: false }, { method: "PUT" }))).status).toBe(
      401,
    );
  });

  it("ends twelve parallel toggles in one state that every later read agrees on", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const wanted = Array.from({ length: 12 }, (_, i) => i % 2 === 0);
    const answers = await Promise.all(
      wanted.map(async (enabled) => {
        const res = await put(t, a.token, { enabled });
        expect(res.status).toBe(200);
        return decode(await res.json()).enabled;
      }),
    );
    // Each write answers the state it left, not one read before another write.
    expect(answers).toEqual(wanted);
    const row = await stored(t, a.id);
    const read = decode(await (await t.call(PATH, bearer(a.token))).json());
    expect(read.enabled).toBe(row?.enabled);
    // Twelve "off" at once from "on": all answer off, and off it stays.
    expect((await put(t, a.token, { enabled: true })).status).toBe(200);
    const offs = await Promise.all(
      Array.from({ length: 12 }, async () => (await put(t, a.token, { enabled: false })).json()),
    );
    expect(offs).toEqual(Array.from({ length: 12 }, () => ({ enabled: false })));
    expect((await stored(t, a.id))?.enabled).toBe(false);
  });
});
