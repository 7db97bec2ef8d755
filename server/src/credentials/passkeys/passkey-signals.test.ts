import { PasskeySignalsAnswer, Passkeys } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys } from "../../db/schema/passkeys.js";
import {
  createPerson,
  type IdentityServer,
  signIn,
  startIdentityServer,
} from "../../provider/testing/identity-kit.js";
import { API, bearer, confirmedAccount } from "../../test-support/api-helpers.js";
import { databases, embedded } from "../../test-support/databases.js";
import { useTestServer } from "../../test-support/use-test-server.js";
import { providerIcon } from "./passkey-names.js";

// Issue 49, items 2 and 3 on the API: what the web app hands the browser's passkey provider
// (Signal API), and the passkey list's credential ids and provider icons.

describe.each(databases)(
  "GET /persons/me/passkey-signals with the embedded provider on $name",
  (target) => {
    let t: IdentityServer;

    beforeAll(async () => {
      t = await startIdentityServer(target);
    }, 60_000);
    afterAll(() => t?.close());

    const get = async (path: string, token: string) => {
      const res = await fetch(`${t.server.config.publicUrl}${API}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return res.json();
    };

    it("gives the relying party, the user handle, address, name and every passkey's id", async () => {
      const person = await createPerson(t.db);
      const { tokens } = await signIn(t, person.email);
      const [row] = await t.db
        .insert(passkeys)
        .values({
          personId: person.id,
          credentialId: "KEbWNCc7NgaYnUyrNeFGX9",
          publicKey: "pk",
          name: "x",
          passwordless: true,
        })
        .returning();
      const answer = Schema.decodeUnknownSync(PasskeySignalsAnswer, { onExcessProperty: "error" })(
        await get("/persons/me/passkey-signals", tokens.access_token),
      );
      expect(answer.signals).toEqual({
        rpId: new URL(t.server.config.publicUrl).hostname,
        // The registration's user handle: the person id's 16 bytes.
        userId: Buffer.from(person.id.replace(/-/g, ""), "hex").toString("base64url"),
        name: person.email,
        displayName: expect.any(String),
        credentialIds: [row?.credentialId],
      });
      // The list names the same credential, for the removal's signal.
      const list = Schema.decodeUnknownSync(Passkeys)(
        await get("/persons/me/passkeys", tokens.access_token),
      );
      expect(list.map((p) => p.credentialId)).toEqual([row?.credentialId]);
    });
  },
);

describe.each(embedded)(
  "passkey signals and icons with Keycloak as the issuer on $name",
  (target) => {
    const server = useTestServer(target);

    it("gives no signals: the portal does not hold Keycloak's passkeys", async () => {
      const t = server();
      const account = await confirmedAccount(t);
      const res = await t.call(`${API}/persons/me/passkey-signals`, bearer(account.token));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ signals: null });
    });

    it("lists a passkey named after its provider with its icon, and none for other names", async () => {
      const t = server();
      const account = await confirmedAccount(t);
      for (const name of ["1Password", "Laptop", "unnamed:Chrome:Linux"]) {
        await t.server.database.db.insert(passkeys).values({
          personId: account.id,
          credentialId: `cred-${name}`,
          publicKey: "pk",
          name,
          passwordless: true,
        });
      }
      const res = await t.call(`${API}/persons/me/passkeys`, bearer(account.token));
      const list = Schema.decodeUnknownSync(Passkeys)(await res.json());
      expect(list.map((p) => [p.name, p.icon ?? null])).toEqual([
        ["1Password", providerIcon("1Password")],
        ["Laptop", null],
        ["unnamed:Chrome:Linux", null],
      ]);
      expect(list[0]?.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    });
  },
);
