import {
  MfaCredentials,
  Passkeys,
  RecoveryCodesStatus,
  SecurityEventPage,
} from "@portal/contracts";
import * as Schema from "effect/Schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSecurityEvent } from "../../activity/security-events.js";
import { API, bearer, confirmedAccount } from "../../test-support/api-helpers.js";
import { embedded } from "../../test-support/databases.js";
import {
  type KeycloakUsersFake,
  startKeycloakUsersFake,
} from "../../test-support/keycloak-users-fake.js";
import { useTestServer } from "../../test-support/use-test-server.js";
import { createKeycloakFactors } from "./keycloak-factors.js";

// Issue 47: in Keycloak mode the security page said "off" after Keycloak's CONFIGURE_TOTP
// and listed no passkey after webauthn-register-passwordless: the routes read the portal's
// tables. There they read Keycloak's credentials of the person's user (admin API).

describe.each(embedded)("second factors from Keycloak on $name", (target) => {
  let keycloak: KeycloakUsersFake;
  beforeAll(async () => {
    keycloak = await startKeycloakUsersFake();
  });
  afterAll(() => keycloak?.close());
  const server = useTestServer(
    target,
    {},
    { factors: () => createKeycloakFactors(keycloak.admin) },
  );

  /** A signed-in person and their Keycloak user, as the user sync makes it. */
  const personInKeycloak = async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const location = await keycloak.admin.write("POST", "/users", {
      username: account.email,
      attributes: { cr_id: [account.id] },
      credentials: [{ type: "password", secretData: "{}", credentialData: "{}" }],
    });
    const userId = location?.split("/").at(-1) ?? "";
    return { t, account, userId };
  };
  const get = async (t: ReturnType<typeof server>, token: string, path: string) => {
    const res = await t.call(`${API}/persons/me/${path}`, bearer(token));
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it("lists Keycloak's OTP as the authenticator app, its WebAuthn credentials as passkeys, and counts its recovery codes", async () => {
    const { t, account, userId } = await personInKeycloak();
    expect((await get(t, account.token, "credentials")).body).toEqual([]);
    expect((await get(t, account.token, "passkeys")).body).toEqual([]);
    const created = Date.parse("2026-11-29T08:00:00Z");
    const otp = keycloak.addCredential(userId, { type: "otp", createdDate: created });
    const passkey = keycloak.addCredential(userId, {
      type: "webauthn-passwordless",
      userLabel: "Laptop",
      createdDate: created + 1000,
    });
    const unnamed = keycloak.addCredential(userId, { type: "webauthn", createdDate: created + 2 });
    keycloak.addCredential(userId, {
      type: "recovery-authn-codes",
      createdDate: created + 3000,
      credentialData: JSON.stringify({
        hashIterations: 1,
        algorithm: "x",
        remaining: 11,
        total: 12,
      }),
    });

    const credentials = await get(t, account.token, "credentials");
    expect(credentials.status).toBe(200);
    expect(Schema.decodeUnknownSync(MfaCredentials)(credentials.body)).toEqual([
      { type: "AUTHENTICATOR_APP", credentialId: otp },
    ]);
    const passkeys = Schema.decodeUnknownSync(Passkeys)(
      (await get(t, account.token, "passkeys")).body,
    );
    expect(passkeys).toEqual([
      {
        id: unnamed,
        name: "unnamed",
        passwordless: false,
        createdAt: new Date(created + 2).toISOString(),
        lastUsedAt: null,
      },
      {
        id: passkey,
        name: "Laptop",
        passwordless: true,
        createdAt: new Date(created + 1000).toISOString(),
        lastUsedAt: null,
      },
    ]);
    expect(
      Schema.decodeUnknownSync(RecoveryCodesStatus)(
        (await get(t, account.token, "recovery-codes")).body,
      ),
    ).toEqual({ remaining: 11, total: 12, createdAt: new Date(created + 3000).toISOString() });
  });

  it("answers a person Keycloak does not know yet with no factors", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    expect((await get(t, account.token, "credentials")).body).toEqual([]);
    expect((await get(t, account.token, "recovery-codes")).body).toEqual({
      remaining: 0,
      total: 0,
      createdAt: null,
    });
  });

  it("answers 503 BACKEND_ERROR while Keycloak cannot be reached: never an empty list that reads as off", async () => {
    const { t, account, userId } = await personInKeycloak();
    keycloak.addCredential(userId, { type: "otp", createdDate: Date.now() });
    keycloak.unavailable = true;
    try {
      for (const path of ["credentials", "passkeys", "recovery-codes"]) {
        expect(await get(t, account.token, path)).toEqual({
          status: 503,
          body: [{ errorCode: "BACKEND_ERROR" }],
        });
      }
    } finally {
      keycloak.unavailable = false;
    }
    expect((await get(t, account.token, "credentials")).body).toHaveLength(1);
  });

  it("shows a removal by securing in the activity with what it was, never Keycloak's credential id", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await recordSecurityEvent(t.server.database.db, account.id, "factor-removed-when-secured", {
      factor: "passkey",
      label: "Laptop",
      factorCreatedAt: "2026-11-29T08:00:00.000Z",
      keycloakCredential: "4f1c0d8e-kc-credential",
    });
    const page = Schema.decodeUnknownSync(SecurityEventPage, { onExcessProperty: "error" })(
      (await get(t, account.token, "activity")).body,
    );
    const [event] = page.events.filter((e) => e.kind === "factor-removed-when-secured");
    expect(event).toMatchObject({
      factor: "passkey",
      label: "Laptop",
      factorCreatedAt: "2026-11-29T08:00:00.000Z",
    });
    expect(JSON.stringify(page)).not.toContain("kc-credential");
  });
});
