import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { ssfEvents, ssfStreams } from "../db/schema/index.js";
import {
  onSharedSignalQueued,
  queueSharedSignal,
  SSF_EVENT_TYPES,
  SSF_VERIFICATION_EVENT,
} from "../db/shared-signal-outbox.js";
import { purgeRetained } from "../privacy/retention-purge.js";
import {
  API,
  bearer,
  confirmedAccount,
  GOOD_PASSWORD,
  jsonRequest,
  latestMail,
  linkParam,
  personIdOf,
  registration,
  type TestAccount,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { deliveryWorkerOf } from "./ssf-routes.js";
import { POLL_METHOD, PUSH_METHOD } from "./stream-config.js";
import {
  eventTypeOf,
  type ReceivedSet,
  startTestReceiver,
  type TestReceiver,
  verifySet,
} from "./testing/test-receiver.js";

const DAY = 24 * 60 * 60 * 1000;
/** How long a test of many steps may take before it counts as hung. */
const JOURNEY_MS = 120_000;
const RECEIVER = "portal-support";

describe.each(embedded)("the Shared Signals transmitter on $name", (target) => {
  let receiver: TestReceiver;
  // Filled before the server starts (the beforeAll above useTestServer's runs first).
  const origins: string[] = [];
  beforeAll(async () => {
    receiver = await startTestReceiver();
    origins.push(receiver.origin);
  });
  afterAll(() => receiver.close());
  // No delivery rounds of the worker's own (an hour apart): what reaches the receiver was
  // pushed by the request that queued it, or by a drain the test calls.
  const server = useTestServer(target, {
    ssfReceiverOrigins: origins,
    deletionGraceDays: 14,
    ssfDeliveryPollMs: 3_600_000,
  });

  const receiverToken = (clientId = RECEIVER, claims: Record<string, unknown> = {}) =>
    server().issuer.sign({ sub: `service-account-${clientId}`, ...claims }, { clientId });
  const asReceiver = async (path: string, method: string, body?: unknown) => {
    const token = await receiverToken();
    return server().call(
      path,
      body === undefined ? bearer(token, method) : jsonRequest(body, { method, token }),
    );
  };
  const createPush = async (
    format: "iss_sub" | "email",
    events = Object.values(SSF_EVENT_TYPES),
  ) => {
    const res = await asReceiver("/ssf/streams", "POST", {
      delivery: {
        method: PUSH_METHOD,
        endpoint_url: receiver.endpoint,
        authorization_header: "Bearer r-secret",
      },
      events_requested: events,
      format,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { stream_id: string; events_delivered: string[] };
  };
  const setsFrom = async (from: number): Promise<ReceivedSet[]> =>
    Promise.all(
      receiver.accepted
        .slice(from)
        .map((r) => verifySet(r.token, server().server.config.publicUrl, RECEIVER)),
    );
  const streamCount = async () =>
    (await server().server.database.db.select({ n: count() }).from(ssfStreams))[0]?.n ?? 0;
  const deleteAllStreams = async () => {
    await server().server.database.db.delete(ssfStreams);
    receiver.accepted.length = 0;
    receiver.down = false;
  };

  it("publishes its configuration and keys at the portal's origin", async () => {
    const t = server();
    const base = t.server.config.publicUrl;
    const res = await t.call("/.well-known/ssf-configuration");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      spec_version: "1_0",
      issuer: base,
      jwks_uri: `${base}/ssf/jwks.json`,
      configuration_endpoint: `${base}/ssf/streams`,
      status_endpoint: `${base}/ssf/status`,
      verification_endpoint: `${base}/ssf/verify`,
      delivery_methods_supported: [PUSH_METHOD, POLL_METHOD],
      authorization_schemes: [{ spec_urn: "urn:ietf:rfc:6749" }],
      default_subjects: "ALL",
    });
    const keys = (await (await t.call("/ssf/jwks.json")).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    // The public half only.
    expect(keys.keys[0]).not.toHaveProperty("d");
  });

  it("manages a stream: create, read, update, status, verification, delete", async () => {
    await deleteAllStreams();
    const created = await createPush("iss_sub", [SSF_EVENT_TYPES.sessionRevoked]);
    const id = created.stream_id;
    const read = await asReceiver(`/ssf/streams?stream_id=${id}`, "GET");
    expect(await read.json()).toMatchObject({
      stream_id: id,
      aud: RECEIVER,
      delivery: { method: PUSH_METHOD, endpoint_url: receiver.endpoint },
      events_delivered: [SSF_EVENT_TYPES.sessionRevoked],
      format: "iss_sub",
    });
    const list = (await (await asReceiver("/ssf/streams", "GET")).json()) as unknown[];
    expect(list).toHaveLength(1);
    const patched = await asReceiver("/ssf/streams", "PATCH", {
      stream_id: id,
      events_requested: [SSF_EVENT_TYPES.credentialChange],
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      events_delivered: [SSF_EVENT_TYPES.credentialChange],
      delivery: { endpoint_url: receiver.endpoint },
    });
    const paused = await asReceiver("/ssf/status", "POST", {
      stream_id: id,
      status: "paused",
      reason: "maintenance",
    });
    expect(await paused.json()).toEqual({ stream_id: id, status: "paused", reason: "maintenance" });
    const status = await asReceiver(`/ssf/status?stream_id=${id}`, "GET");
    expect(await status.json()).toEqual({ stream_id: id, status: "paused", reason: "maintenance" });
    await asReceiver("/ssf/status", "POST", { stream_id: id, status: "enabled" });

    const verify = await asReceiver("/ssf/verify", "POST", { stream_id: id, state: "state-4711" });
    expect(verify.status).toBe(204);
    await receiver.waitFor(1);
    const [set] = await setsFrom(0);
    expect(receiver.accepted[0]?.contentType).toBe("application/secevent+jwt");
    expect(receiver.accepted[0]?.authorization).toBe("Bearer r-secret");
    // Kept sealed: the stream's row does not hold the receiver's key as given.
    const [row] = await server()
      .server.database.db.select({ header: ssfStreams.authorizationHeader })
      .from(ssfStreams)
      .where(eq(ssfStreams.id, id));
    expect(row?.header).toMatch(/^v1\./);
    expect(row?.header).not.toContain("r-secret");
    expect(set?.events).toEqual({ [SSF_VERIFICATION_EVENT]: { state: "state-4711" } });
    expect(set?.sub_id).toEqual({ format: "opaque", id });

    expect((await asReceiver(`/ssf/streams?stream_id=${id}`, "DELETE")).status).toBe(204);
    expect((await asReceiver(`/ssf/streams?stream_id=${id}`, "GET")).status).toBe(404);
  });

  /**
   * Runs `action`, then waits until `n` more SETs arrived and answers them. With no delivery
   * rounds of the worker's own, they came with the action's push, not a later poll: how soon
   * is the bench's to measure, not a test's (a busy machine would fail it).
   */
  const expectSets = async (n: number, action: () => Promise<unknown>) => {
    const from = receiver.accepted.length;
    await action();
    await receiver.waitFor(from + n, JOURNEY_MS);
    return setsFrom(from);
  };

  // A whole account's life (a dozen argon2 hashes): on a busy machine over the 30 s default.
  it("pushes every event type after the action, signed, in each stream's subject format", {
    timeout: JOURNEY_MS,
  }, async () => {
    await deleteAllStreams();
    const t = server();
    await createPush("iss_sub");
    await createPush("email");
    const account = await confirmedAccount(t);
    const issuer = t.server.config.publicUrl;
    const pairs = (sets: ReceivedSet[]) =>
      sets.map((s) => [eventTypeOf(s), s.sub_id.format] as const).sort();

    // Password change: the credential changed, the other sessions ended.
    const changed = await expectSets(4, () =>
      t.call(
        `${API}/persons/me/change-password`,
        jsonRequest(
          { oldPassword: account.password, newPassword: `${GOOD_PASSWORD}!x` },
          { token: account.token },
        ),
      ),
    );
    expect(pairs(changed)).toEqual(
      [
        [SSF_EVENT_TYPES.credentialChange, "email"],
        [SSF_EVENT_TYPES.credentialChange, "iss_sub"],
        [SSF_EVENT_TYPES.sessionRevoked, "email"],
        [SSF_EVENT_TYPES.sessionRevoked, "iss_sub"],
      ].sort(),
    );
    const credential = changed.find(
      (s) => eventTypeOf(s) === SSF_EVENT_TYPES.credentialChange && s.sub_id.format === "iss_sub",
    );
    expect(credential?.sub_id).toEqual({ format: "iss_sub", iss: issuer, sub: account.id });
    expect(credential?.events[SSF_EVENT_TYPES.credentialChange]).toEqual({
      credential_type: "password",
      change_type: "update",
      initiating_entity: "user",
      event_timestamp: credential?.toe,
    });
    expect(typeof credential?.txn).toBe("string");
    expect(typeof credential?.jti).toBe("string");

    // E-mail change: the identifier changed (and sessions ended).
    const newEmail = uniqueEmail("moved");
    await t.call(
      `${API}/persons/me/change-mail-address`,
      jsonRequest({ newEmail }, { token: account.token }),
    );
    const optinId = linkParam(await latestMail(t, newEmail), "optinId");
    const moved = await expectSets(4, () =>
      t.call(`${API}/persons/confirm-mail-address`, jsonRequest({ confirmationToken: optinId })),
    );
    const identifier = moved.filter((s) => eventTypeOf(s) === SSF_EVENT_TYPES.identifierChanged);
    expect(
      identifier
        .map((s) => s.sub_id)
        .sort((a, b) => String(a.format).localeCompare(String(b.format))),
    ).toEqual([
      { format: "email", email: account.email },
      { format: "iss_sub", iss: issuer, sub: account.id },
    ]);
    // Only the stream that asked for addresses learns the new one.
    const byFormat = Object.fromEntries(
      identifier.map((s) => [s.sub_id.format, s.events[SSF_EVENT_TYPES.identifierChanged]]),
    );
    expect(byFormat.email).toEqual({ "new-value": newEmail.toLowerCase() });
    expect(byFormat.iss_sub).toEqual({});
    const moving: TestAccount = { ...account, email: newEmail.toLowerCase() };

    // Deletion with a grace period: disabled; the restore link: enabled.
    await t.call(`${API}/persons/me/request-deletion`, bearer(moving.token, "POST"));
    const optOutToken = linkParam(await latestMail(t, moving.email), "optoutId");
    const closed = await expectSets(4, () =>
      t.call(`${API}/persons/confirm-deletion`, jsonRequest({ optOutToken })),
    );
    expect(closed.map(eventTypeOf).sort()).toEqual(
      [
        SSF_EVENT_TYPES.accountDisabled,
        SSF_EVENT_TYPES.accountDisabled,
        SSF_EVENT_TYPES.sessionRevoked,
        SSF_EVENT_TYPES.sessionRevoked,
      ].sort(),
    );
    const restoreToken = linkParam(await latestMail(t, moving.email), "token");
    const restored = await expectSets(2, () =>
      t.call(
        `${API}/persons/restore-account`,
        jsonRequest({ restoreToken, password: `${GOOD_PASSWORD}!x` }),
      ),
    );
    expect(restored.map(eventTypeOf)).toEqual([
      SSF_EVENT_TYPES.accountEnabled,
      SSF_EVENT_TYPES.accountEnabled,
    ]);

    // Closed again and erased by the retention purge: purged, told with the address it had.
    await t.call(`${API}/persons/me/request-deletion`, bearer(moving.token, "POST"));
    const again = linkParam(await latestMail(t, moving.email), "optoutId");
    await expectSets(4, () =>
      t.call(`${API}/persons/confirm-deletion`, jsonRequest({ optOutToken: again })),
    );
    const purged = await expectSets(2, async () => {
      await purgeRetained({
        database: t.server.database,
        retentionHours: t.server.config.retentionHours,
        deletionGraceDays: t.server.config.deletionGraceDays,
        now: new Date(t.clock.now().getTime() + 15 * DAY),
        dryRun: false,
      });
      // The purge runs off any request: the worker's own round picks it up (or this drain).
      await deliveryWorkerOf(t.server.database)?.drain();
    });
    const byFormatOf = (sets: ReceivedSet[]) =>
      [...sets].sort((a, b) => String(a.sub_id.format).localeCompare(String(b.sub_id.format)));
    expect(byFormatOf(purged).map((s) => [eventTypeOf(s), s.sub_id])).toEqual([
      [SSF_EVENT_TYPES.accountPurged, { format: "email", email: moving.email }],
      [SSF_EVENT_TYPES.accountPurged, { format: "iss_sub", iss: issuer, sub: account.id }],
    ]);
    // Nothing left in the outbox; each SET once.
    const rows = await t.server.database.db.select({ n: count() }).from(ssfEvents);
    expect(rows[0]?.n).toBe(0);
    const jtis = (await setsFrom(0)).map((s) => s.jti);
    expect(new Set(jtis).size).toBe(jtis.length);
  });

  it("holds a paused stream's events, queues none for a disabled one or an unconfirmed registration", async () => {
    await deleteAllStreams();
    const t = server();
    const db = t.server.database.db;
    const stream = await createPush("iss_sub");
    const queuedFor = async () =>
      (
        await db
          .select({ n: count() })
          .from(ssfEvents)
          .where(eq(ssfEvents.streamId, stream.stream_id))
      )[0]?.n;
    await asReceiver("/ssf/status", "POST", { stream_id: stream.stream_id, status: "paused" });
    const account = await confirmedAccount(t);
    const change = (from: string, to: string) =>
      t.call(
        `${API}/persons/me/change-password`,
        jsonRequest({ oldPassword: from, newPassword: to }, { token: account.token }),
      );
    await change(account.password, `${GOOD_PASSWORD}!p`);
    await deliveryWorkerOf(t.server.database)?.drain();
    expect(receiver.accepted).toHaveLength(0);
    expect(await queuedFor()).toBe(2);
    await asReceiver("/ssf/status", "POST", { stream_id: stream.stream_id, status: "enabled" });
    await deliveryWorkerOf(t.server.database)?.drain();
    await receiver.waitFor(2);
    await asReceiver("/ssf/status", "POST", { stream_id: stream.stream_id, status: "disabled" });
    await change(`${GOOD_PASSWORD}!p`, `${GOOD_PASSWORD}!q`);
    expect(await queuedFor()).toBe(0);
    // A registration nobody confirmed is never reported, not even its purge.
    await asReceiver("/ssf/status", "POST", { stream_id: stream.stream_id, status: "enabled" });
    const pending = registration();
    await t.call(`${API}/persons/register`, jsonRequest(pending));
    const pendingId = await personIdOf(t, pending.email);
    // The worker hears of a queued event (its nudge after the answer), of none queued not.
    let heard = 0;
    const stop = onSharedSignalQueued(() => heard++);
    const purged = { type: SSF_EVENT_TYPES.accountPurged };
    expect(await queueSharedSignal(db, pendingId, purged)).toBe(0);
    expect(heard).toBe(0);
    expect(await queueSharedSignal(db, account.id, purged)).toBe(1);
    expect(heard).toBe(1);
    stop();
  });

  it("keeps events while the receiver is down and delivers each once when it is back", async () => {
    await deleteAllStreams();
    const t = server();
    const stream = await createPush("iss_sub");
    const account = await confirmedAccount(t);
    receiver.down = true;
    const answer = await t.call(
      `${API}/persons/me/change-password`,
      jsonRequest(
        { oldPassword: account.password, newPassword: `${GOOD_PASSWORD}!y` },
        { token: account.token },
      ),
    );
    // The person's action does not wait for the receiver.
    expect(answer.status).toBe(204);
    const worker = deliveryWorkerOf(t.server.database);
    await worker?.drain();
    expect(receiver.refused).toBeGreaterThanOrEqual(2);
    expect(receiver.accepted).toHaveLength(0);
    const [queued] = await t.server.database.db
      .select({ n: count() })
      .from(ssfEvents)
      .where(eq(ssfEvents.streamId, stream.stream_id));
    expect(queued?.n).toBe(2);

    // A minute later it is back.
    receiver.down = false;
    t.clock.advance(60_000);
    await worker?.drain();
    await receiver.waitFor(2);
    const sets = await setsFrom(0);
    expect(sets.map(eventTypeOf).sort()).toEqual(
      [SSF_EVENT_TYPES.credentialChange, SSF_EVENT_TYPES.sessionRevoked].sort(),
    );
    await worker?.drain();
    expect(receiver.accepted).toHaveLength(2);
    const [row] = await t.server.database.db
      .select()
      .from(ssfStreams)
      .where(eq(ssfStreams.id, stream.stream_id));
    expect(row?.delivered).toBe(2);
  });

  it("hands the same events to a poll receiver, until it acknowledges them", async () => {
    await deleteAllStreams();
    const t = server();
    const res = await asReceiver("/ssf/streams", "POST", {
      delivery: { method: POLL_METHOD },
      events_requested: Object.values(SSF_EVENT_TYPES),
    });
    expect(res.status).toBe(201);
    const stream = (await res.json()) as { stream_id: string; delivery: { endpoint_url: string } };
    expect(stream.delivery.endpoint_url).toBe(
      `${t.server.config.publicUrl}/ssf/poll/${stream.stream_id}`,
    );
    const pollPath = new URL(stream.delivery.endpoint_url).pathname;
    const account = await confirmedAccount(t);
    await t.call(
      `${API}/persons/me/change-password`,
      jsonRequest(
        { oldPassword: account.password, newPassword: `${GOOD_PASSWORD}!z` },
        { token: account.token },
      ),
    );
    const first = (await (
      await asReceiver(pollPath, "POST", { returnImmediately: true, maxEvents: 1 })
    ).json()) as {
      sets: Record<string, string>;
      moreAvailable: boolean;
    };
    expect(Object.keys(first.sets)).toHaveLength(1);
    expect(first.moreAvailable).toBe(true);
    const all = (await (
      await asReceiver(pollPath, "POST", { returnImmediately: true })
    ).json()) as {
      sets: Record<string, string>;
    };
    const sets = await Promise.all(
      Object.values(all.sets).map((token) => verifySet(token, t.server.config.publicUrl, RECEIVER)),
    );
    expect(sets.map(eventTypeOf).sort()).toEqual(
      [SSF_EVENT_TYPES.credentialChange, SSF_EVENT_TYPES.sessionRevoked].sort(),
    );
    expect(Object.keys(all.sets).sort()).toEqual(sets.map((s) => s.jti).sort());
    const acked = (await (
      await asReceiver(pollPath, "POST", { returnImmediately: true, ack: Object.keys(all.sets) })
    ).json()) as {
      sets: Record<string, string>;
    };
    expect(acked.sets).toEqual({});
    const [row] = await t.server.database.db
      .select()
      .from(ssfStreams)
      .where(eq(ssfStreams.id, stream.stream_id));
    expect(row?.delivered).toBe(2);
    // Push never calls a poll stream's receiver.
    expect(receiver.accepted).toHaveLength(0);
  });

  it("shows support the streams and the queue, and sends a verification for support", async () => {
    await deleteAllStreams();
    const t = server();
    const stream = await createPush("email");
    const support = await t.issuer.sign(
      { sub: "service-account-portal-support", realm_access: { roles: ["portal-support"] } },
      { clientId: "portal-support" },
    );
    receiver.down = true;
    const verify = await t.call(
      `${API}/support/ssf/streams/${stream.stream_id}/verification`,
      bearer(support, "POST"),
    );
    expect(verify.status).toBe(202);
    expect(await verify.json()).toEqual({ streamId: stream.stream_id });
    await deliveryWorkerOf(t.server.database)?.drain();
    const list = (await (await t.call(`${API}/support/ssf/streams`, bearer(support))).json()) as {
      streams: Array<Record<string, unknown>>;
    };
    expect(list.streams).toEqual([
      expect.objectContaining({
        id: stream.stream_id,
        receiver: RECEIVER,
        delivery: "push",
        endpoint: receiver.endpoint,
        status: "enabled",
        format: "email",
        delivered: 0,
        givenUp: 0,
        queued: 1,
      }),
    ]);
    // The receiver's authorization header is never shown.
    expect(JSON.stringify(list)).not.toContain("r-secret");
    const queue = (await (await t.call(`${API}/support/ssf/queue`, bearer(support))).json()) as {
      total: number;
      events: Array<Record<string, unknown>>;
    };
    expect(queue.total).toBe(1);
    expect(queue.events[0]).toMatchObject({
      streamId: stream.stream_id,
      eventType: SSF_VERIFICATION_EVENT,
      attempts: 1,
      lastError: "receiver answered 503",
    });
    // A person's token is no support token.
    const person = await t.issuer.sign({ sub: "p1", cr_id: "p1" });
    expect((await t.call(`${API}/support/ssf/queue`, bearer(person))).status).toBe(403);
    receiver.down = false;
    t.clock.advance(60_000);
    await deliveryWorkerOf(t.server.database)?.drain();
    await receiver.waitFor(1);
    const [set] = await setsFrom(0);
    expect(eventTypeOf(set as ReceivedSet)).toBe(SSF_VERIFICATION_EVENT);
  });

  describe("refuses bad input with a clear 4xx and stores nothing", () => {
    const streamBody = (overrides: Record<string, unknown> = {}) => ({
      delivery: { method: PUSH_METHOD, endpoint_url: "https://elsewhere.example.org/events" },
      events_requested: [SSF_EVENT_TYPES.sessionRevoked],
      ...overrides,
    });
    it.each([
      [
        "a push endpoint off SSF_RECEIVER_ORIGINS",
        streamBody(),
        403,
        [{ errorCode: "FORBIDDEN", field: "delivery.endpoint_url" }],
      ],
      [
        "a malformed push endpoint",
        streamBody({ delivery: { method: PUSH_METHOD, endpoint_url: "not a url" } }),
        400,
        [{ errorCode: "INVALID_REQUEST", field: "delivery.endpoint_url" }],
      ],
      [
        "a push stream without endpoint",
        streamBody({ delivery: { method: PUSH_METHOD } }),
        400,
        [{ errorCode: "INVALID_REQUEST", field: "delivery.endpoint_url" }],
      ],
      [
        "a poll stream naming its endpoint",
        streamBody({ delivery: { method: POLL_METHOD, endpoint_url: "https://x.example/" } }),
        400,
        [{ errorCode: "INVALID_REQUEST", field: "delivery.endpoint_url" }],
      ],
      [
        "an unknown delivery method",
        streamBody({ delivery: { method: "urn:example:smoke" } }),
        400,
        [{ errorCode: "INVALID_REQUEST", field: "delivery.method" }],
      ],
      [
        "an unknown event type",
        streamBody({
          delivery: { method: POLL_METHOD },
          events_requested: ["https://example.org/no-such-event"],
        }),
        400,
        [{ errorCode: "INVALID_REQUEST", field: "events_requested" }],
      ],
      [
        "an unknown subject format",
        streamBody({ delivery: { method: POLL_METHOD }, format: "phone_number" }),
        400,
        [{ errorCode: "INVALID_REQUEST", field: "format" }],
      ],
      [
        "no delivery",
        { events_requested: [] },
        400,
        [{ errorCode: "INVALID_REQUEST", field: "delivery" }],
      ],
      ["a body that is no object", "[1,2]", 400, [{ errorCode: "INVALID_REQUEST" }]],
    ])("%s", async (_name, body, status, errors) => {
      const before = await streamCount();
      const res = await asReceiver("/ssf/streams", "POST", body);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(errors);
      expect(await streamCount()).toBe(before);
    });

    it("a body too large (413) or not JSON (415)", async () => {
      const before = await streamCount();
      const token = await receiverToken();
      const large = await server().call(
        "/ssf/streams",
        jsonRequest({ ...streamBody(), padding: "x".repeat(20_000) }, { token }),
      );
      expect(large.status).toBe(413);
      const text = await server().call(
        "/ssf/streams",
        jsonRequest("a=b", { token, contentType: "text/plain" }),
      );
      expect(text.status).toBe(415);
      expect(await streamCount()).toBe(before);
    });

    it("a token of no receiver client: none, a person's, another client's (401)", async () => {
      const before = await streamCount();
      const body = streamBody({ delivery: { method: POLL_METHOD } });
      const tokens = [
        undefined,
        await server().issuer.sign({ sub: "p1", cr_id: "p1" }),
        await receiverToken("other-app"),
        // A person's token of the receiver's own client is not the client's.
        await receiverToken(RECEIVER, { cr_id: "p1" }),
      ];
      for (const token of tokens) {
        for (const [path, method] of [
          ["/ssf/streams", "POST"],
          ["/ssf/streams", "GET"],
          ["/ssf/status?stream_id=x", "GET"],
          ["/ssf/verify", "POST"],
          ["/ssf/poll/x", "POST"],
        ] as const) {
          const res = await server().call(
            path,
            method === "GET"
              ? token
                ? bearer(token)
                : {}
              : jsonRequest(body, { method, ...(token ? { token } : {}) }),
          );
          expect(res.status, `${path} ${method}`).toBe(401);
          expect(await res.json()).toEqual([{ errorCode: "UNAUTHORIZED" }]);
        }
      }
      expect(await streamCount()).toBe(before);
    });

    it("an unknown or malformed stream id (404), a poll of a push stream (404), a bad status (400)", async () => {
      await deleteAllStreams();
      const push = await createPush("iss_sub");
      const unknown = "5f0c0000-0000-4000-8000-000000000000";
      for (const [path, method, body] of [
        [`/ssf/streams?stream_id=${unknown}`, "GET", undefined],
        ["/ssf/streams?stream_id=x", "DELETE", undefined],
        ["/ssf/streams", "PATCH", { stream_id: unknown }],
        ["/ssf/verify", "POST", { stream_id: "x" }],
        [`/ssf/poll/${push.stream_id}`, "POST", {}],
        [`/ssf/poll/${unknown}`, "POST", {}],
      ] as const) {
        const res = await asReceiver(path, method, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toEqual([{ errorCode: "NOT_FOUND", field: "stream_id" }]);
      }
      const bad = await asReceiver("/ssf/status", "POST", {
        stream_id: push.stream_id,
        status: "on",
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual([{ errorCode: "INVALID_REQUEST", field: "status" }]);
      const noId = await asReceiver("/ssf/status", "GET");
      expect(noId.status).toBe(400);
      const badPoll = await asReceiver(`/ssf/poll/${push.stream_id}`, "POST", { maxEvents: -1 });
      expect(badPoll.status).toBe(400);
      const offList = await asReceiver("/ssf/streams", "PATCH", {
        stream_id: push.stream_id,
        delivery: { method: PUSH_METHOD, endpoint_url: "https://elsewhere.example.org/" },
      });
      expect(offList.status).toBe(403);
      const [row] = await server()
        .server.database.db.select()
        .from(ssfStreams)
        .where(eq(ssfStreams.id, push.stream_id));
      expect(row?.endpointUrl).toBe(receiver.endpoint);
    });
  });
});

describe("SSF_RECEIVER_ORIGINS", () => {
  it("decodes origins and refuses anything else naming the variable", () => {
    expect(
      loadConfig({ SSF_RECEIVER_ORIGINS: "https://a.example.org, http://127.0.0.1:9000/" })
        .ssfReceiverOrigins,
    ).toEqual(["https://a.example.org", "http://127.0.0.1:9000"]);
    expect(loadConfig({}).ssfReceiverOrigins).toEqual([]);
    for (const bad of [
      "https://a.example.org/events",
      "ftp://a.example.org",
      "a.example.org",
      "https://u:p@a.example.org",
    ]) {
      expect(() => loadConfig({ SSF_RECEIVER_ORIGINS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SSF_RECEIVER_ORIGINS: bad })).toThrow(/SSF_RECEIVER_ORIGINS/);
    }
  });
});
