import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SSF_VERIFICATION_EVENT } from "../db/shared-signal-outbox.js";
import type { RunningServer } from "../index.js";
import { type IdentityServer, startIdentityServer } from "../provider/testing/identity-kit.js";
import { databases } from "../test-support/databases.js";
import { deliveryWorkerOf } from "./ssf-routes.js";
import { PUSH_METHOD } from "./stream-config.js";
import {
  eventTypeOf,
  startTestReceiver,
  type TestReceiver,
  verifySet,
} from "./testing/test-receiver.js";

// The embedded provider's own client credentials (the realm's portal-support client), and a
// restart: what is queued is in the database, so the next process delivers it.
const [, postgres] = databases;

describe("SSF with the embedded provider's client credentials, across a restart", () => {
  let receiver: TestReceiver;
  let t: IdentityServer;
  let restarted: RunningServer | undefined;
  beforeAll(async () => {
    receiver = await startTestReceiver();
    t = await startIdentityServer(postgres!, { ssfReceiverOrigins: [receiver.origin] });
  });
  afterAll(async () => {
    await restarted?.close();
    await t.close();
    await receiver.close();
  });

  const token = async () => (await oidc.clientCredentialsGrant(await t.support())).access_token;
  const call = async (server: RunningServer, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await token()}` },
      body: JSON.stringify(body),
    });

  it("creates a stream with a client-credentials token and receives its verification", async () => {
    const created = await call(t.server, "/ssf/streams", {
      delivery: { method: PUSH_METHOD, endpoint_url: receiver.endpoint },
      events_requested: [],
    });
    expect(created.status).toBe(201);
    const { stream_id } = (await created.json()) as { stream_id: string };
    expect((await call(t.server, "/ssf/verify", { stream_id, state: "one" })).status).toBe(204);
    await receiver.waitFor(1);
    const set = await verifySet(
      receiver.accepted[0]?.token ?? "",
      t.server.config.publicUrl,
      "portal-support",
    );
    expect(set.events).toEqual({ [SSF_VERIFICATION_EVENT]: { state: "one" } });

    // Down: the event stays queued through a restart and arrives once from the next process.
    receiver.down = true;
    expect((await call(t.server, "/ssf/verify", { stream_id, state: "two" })).status).toBe(204);
    await deliveryWorkerOf(t.server.database)?.drain();
    expect(receiver.refused).toBeGreaterThanOrEqual(1);
    await t.stop();
    // On the same port: PUBLIC_URL (the SETs' issuer and its keys) stays the same.
    restarted = await t.sibling(t.server.port);
    receiver.down = false;
    t.clock.advance(60_000);
    await deliveryWorkerOf(restarted.database)?.drain();
    await receiver.waitFor(2);
    const again = await verifySet(
      receiver.accepted[1]?.token ?? "",
      t.server.config.publicUrl,
      "portal-support",
    );
    expect(eventTypeOf(again)).toBe(SSF_VERIFICATION_EVENT);
    expect(again.events[SSF_VERIFICATION_EVENT]).toEqual({ state: "two" });
    await deliveryWorkerOf(restarted.database)?.drain();
    expect(receiver.accepted).toHaveLength(2);
  });
});
