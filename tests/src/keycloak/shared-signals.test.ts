import { API_ROUTES, apiPath } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  eventTypeOf,
  startTestReceiver,
  type TestReceiver,
  verifySet,
} from "../../../server/src/ssf/testing/test-receiver.js";
import { freshAccount, registerConfirmedAccount } from "../support/accounts-api.js";
import {
  issuer,
  type KeycloakPortal,
  supportSecret as secret,
  startKeycloakPortal,
} from "./keycloak-portal.js";

// Issue 49 item 5 for the Shared Signals transmitter: a portal in Keycloak mode, a receiver
// authenticated by the real Keycloak's client credentials (the realm's portal-support
// client), and an event of the portal's own flow (a password reset) with its session-revoked,
// the sessions ended through Keycloak's admin API.
const CAEP = "https://schemas.openid.net/secevent/caep/event-type/";

describe("Shared Signals in Keycloak mode", () => {
  let server: KeycloakPortal;
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await startTestReceiver();
    server = await startKeycloakPortal({ ssfReceiverOrigins: [receiver.origin] });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  // Keycloak's first token, the provisioning and two argon2 hashes: 3.5 s here, over vitest's
  // 5 s default on a first run under load.
  it("takes Keycloak's client-credentials token and reports the portal's flows", {
    timeout: 20_000,
  }, async () => {
    const tokenAnswer = await fetch(`${issuer}/protocol/openid-connect/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`portal-support:${secret}`).toString("base64")}`,
      },
      body: "grant_type=client_credentials",
    });
    expect(tokenAnswer.status).toBe(200);
    const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
    const created = await fetch(`${server.url}/ssf/streams`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        delivery: { method: "urn:ietf:rfc:8935", endpoint_url: receiver.endpoint },
        events_requested: [`${CAEP}session-revoked`, `${CAEP}credential-change`],
        format: "email",
      }),
    });
    expect(created.status).toBe(201);

    const account = freshAccount("kc-ssf");
    await registerConfirmedAccount(server.url, server.outbox, account);
    await fetch(server.url + apiPath(API_ROUTES.requestPasswordResetMail), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email }),
    });
    const link = await server.outbox.nextLink(
      account.email,
      "/benutzerverwaltung/passwort-zuruecksetzen",
    );
    const reset = await fetch(server.url + apiPath(API_ROUTES.resetPassword), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        passwordResetToken: link.searchParams.get("passwordResetToken"),
        newPassword: `${account.password}x`,
      }),
    });
    expect(reset.status).toBe(204);
    await receiver.waitFor(2);
    const sets = await Promise.all(
      receiver.accepted.map((r) => verifySet(r.token, server.publicUrl, "portal-support")),
    );
    expect(sets.map(eventTypeOf).sort()).toEqual([
      `${CAEP}credential-change`,
      `${CAEP}session-revoked`,
    ]);
    expect(sets.map((s) => s.sub_id)).toEqual([
      { format: "email", email: account.email },
      { format: "email", email: account.email },
    ]);
  });
});
