import { randomUUID } from "node:crypto";
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { identityKeys } from "../../db/schema/identity.js";
import { embedded, openTestDatabase } from "../../test-support/databases.js";
import { loadIdentityKeys } from "./keys.js";
import { publicJwk } from "./userinfo.js";

describe.each(embedded)("identity keys on $name", (target) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(() => close?.());
  const open = async () => {
    const database = await openTestDatabase(target);
    close = database.close;
    return database.db;
  };

  it("signs with one ES256 key, kept across starts", async () => {
    const db = await open();
    const first = await loadIdentityKeys(db);
    expect(first.signing).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(first.retired).toEqual([]);
    expect((await loadIdentityKeys(db)).signing).toEqual(first.signing);
  });

  it("keeps an installation's earlier RS256 key to verify the tokens it signed", async () => {
    const db = await open();
    // What a first start before issue 48 stored.
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const rs256 = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: "RS256", use: "sig" };
    await db.insert(identityKeys).values({ id: "signing", kind: "signing", material: rs256 });
    const keys = await loadIdentityKeys(db);
    expect(keys.signing.alg).toBe("ES256");
    expect(keys.retired).toEqual([rs256]);
    // A token the old key signed still verifies against the published keys (as userinfo does).
    const token = await new SignJWT({ typ: "Bearer" })
      .setProtectedHeader({ alg: "RS256", kid: rs256.kid })
      .setExpirationTime("5m")
      .sign(await importJWK(rs256, "RS256"));
    const published = createLocalJWKSet({ keys: [keys.signing, ...keys.retired].map(publicJwk) });
    const { payload } = await jwtVerify(token, published, { algorithms: ["ES256", "RS256"] });
    expect(payload.typ).toBe("Bearer");
  });
});
