import { Passkeys } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { passkeys } from "../../db/schema/passkeys.js";
import { API, bearer, confirmedAccount, jsonRequest } from "../../test-support/api-helpers.js";
import { embedded } from "../../test-support/databases.js";
import type { TestServer } from "../../test-support/test-server.js";
import { useTestServer } from "../../test-support/use-test-server.js";

// The security page's passkey list and rename (registration and removal run at the
// identity provider: provider/interactions/passkey-registration.test.ts).

const addPasskey = async (t: TestServer, personId: string, name: string, passwordless = true) => {
  const [row] = await t.server.database.db
    .insert(passkeys)
    .values({
      personId,
      credentialId: `cred-${Math.random().toString(36).slice(2)}`,
      publicKey: "pk",
      name,
      passwordless,
    })
    .returning();
  if (!row) throw new Error("passkey not stored");
  return row;
};

const rename = (t: TestServer, token: string, id: string, name: unknown) =>
  t.call(
    `${API}/persons/me/passkeys/${id}`,
    jsonRequest({ name }, { method: "PATCH", token, contentType: "application/json" }),
  );

describe.each(embedded)("GET/PATCH /persons/me/passkeys on $name", (target) => {
  const server = useTestServer(target);

  it("lists the person's own passkeys, oldest first, in the contract's shape", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const other = await confirmedAccount(t);
    await addPasskey(t, account.id, "Laptop");
    await addPasskey(t, account.id, "Key", false);
    await addPasskey(t, other.id, "Not mine");
    const res = await t.call(`${API}/persons/me/passkeys`, bearer(account.token));
    expect(res.status).toBe(200);
    const body = await res.json();
    const list = Schema.decodeUnknownSync(Passkeys, { onExcessProperty: "error" })(body);
    expect(list.map((p) => [p.name, p.passwordless, p.lastUsedAt])).toEqual([
      ["Laptop", true, null],
      ["Key", false, null],
    ]);
  });

  it("renames a passkey (trimmed), and refuses blank, multi-line and others' passkeys", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const other = await confirmedAccount(t);
    const mine = await addPasskey(t, account.id, "Laptop");
    const theirs = await addPasskey(t, other.id, "Phone");
    const ok = await rename(t, account.token, mine.id, "  Work laptop ");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: mine.id, name: "Work laptop" });
    expect((await rename(t, account.token, mine.id, "   ")).status).toBe(400);
    const broken = await rename(t, account.token, mine.id, "a\nb");
    expect(broken.status).toBe(400);
    expect(JSON.stringify(await broken.json())).toContain("INVALID_CHARACTERS");
    expect((await rename(t, account.token, mine.id, "x".repeat(65))).status).toBe(400);
    expect((await rename(t, account.token, theirs.id, "Mine now")).status).toBe(404);
    expect((await rename(t, account.token, "not-a-uuid", "x")).status).toBe(404);
    const list = (await (
      await t.call(`${API}/persons/me/passkeys`, bearer(other.token))
    ).json()) as Array<{ name: string }>;
    expect(list.map((p) => p.name)).toEqual(["Phone"]);
  });

  it("needs a bearer token", async () => {
    const t = server();
    expect((await t.call(`${API}/persons/me/passkeys`)).status).toBe(401);
  });
});
