import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import { onSharedSignalQueued } from "../db/shared-signal-outbox.js";
import { apiError } from "../http/api-error.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { decodeRequest } from "../http/decode.js";
import { createDeliveryWorker, type DeliveryWorker } from "./delivery-worker.js";
import { poll } from "./poll.js";
import {
  POLL_METHOD,
  PollRequest,
  PUSH_METHOD,
  StatusUpdate,
  StreamQuery,
  StreamUpdate,
  StreamWrite,
  VerificationRequest,
} from "./stream-config.js";
import {
  checkedSettings,
  createStream,
  deleteStream,
  setStreamStatus,
  streamConfiguration,
  streamOf,
  streamsOf,
  updateStream,
} from "./stream-store.js";
import { loadTransmitterKey, type TransmitterKey } from "./transmitter-key.js";
import { queueVerification } from "./verification.js";

/**
 * The portal as a Shared Signals transmitter (SSF 1.0; docs/ssf.md): the configuration at
 * `/.well-known/ssf-configuration`, the SET keys, stream management, status, verification and
 * the poll endpoint, plus this process's push worker. These are plain routes, not entries of
 * the contracts' route table: their paths, bodies and callers are SSF's (receivers holding a
 * client-credentials token of SSF_RECEIVER_CLIENTS), not the user-management API's, which the
 * web app and the CLI call through core's typed client. Their bodies are still decoded with
 * schemas (stream-config.ts) and their errors go through the one error funnel.
 */

// A stream configuration is a few hundred bytes; nothing a receiver sends needs more.
const BODY_LIMIT = 16 * 1024;

const workers = new WeakMap<Database, DeliveryWorker>();
/** The delivery worker running on `database` (tests drain it instead of waiting). */
export const deliveryWorkerOf = (database: Database): DeliveryWorker | undefined =>
  workers.get(database);

export const ssfPlugin: PortalPlugin = async (app, { deps }) => {
  const db = deps.database.db;
  const issuer = deps.config.publicUrl;
  let key: Promise<TransmitterKey> | undefined;
  const transmitterKey = () => {
    key ??= loadTransmitterKey(db).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const sign = async () => ({ key: await transmitterKey(), issuer });
  const worker = createDeliveryWorker({
    db,
    clock: deps.clock,
    origins: deps.config.ssfReceiverOrigins,
    sign,
    log: app.log,
    pollMs: deps.config.ssfDeliveryPollMs,
  });
  workers.set(deps.database, worker);

  const receiver = async (request: FastifyRequest): Promise<string> => {
    const claims = await deps.auth.requireClient(request, deps.config.ssfReceiverClients);
    return claims.azp as string;
  };
  // SSF bodies are JSON (SSF 1.0 section 8.1; RFC 8936 section 2.4): anything else is refused
  // before it is read, as the route table's entries do.
  const options = {
    bodyLimit: BODY_LIMIT,
    preValidation: async (request: FastifyRequest) => {
      const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
      if (request.body !== undefined && type !== "application/json") {
        throw apiError(415, "INVALID_REQUEST");
      }
    },
  };

  app.get("/.well-known/ssf-configuration", async () => ({
    spec_version: "1_0",
    issuer,
    jwks_uri: `${issuer}/ssf/jwks.json`,
    configuration_endpoint: `${issuer}/ssf/streams`,
    status_endpoint: `${issuer}/ssf/status`,
    verification_endpoint: `${issuer}/ssf/verify`,
    delivery_methods_supported: [PUSH_METHOD, POLL_METHOD],
    authorization_schemes: [{ spec_urn: "urn:ietf:rfc:6749" }],
    default_subjects: "ALL",
  }));

  app.get("/ssf/jwks.json", async () => ({ keys: [(await transmitterKey()).publicJwk] }));

  app.post("/ssf/streams", options, async (request, reply) => {
    const clientId = await receiver(request);
    const body = decodeRequest(StreamWrite, request.body);
    const settings = checkedSettings(body, deps.config.ssfReceiverOrigins);
    const row = await createStream(db, clientId, settings, deps.clock.now());
    request.log.info({ stream: row.id, method: row.deliveryMethod }, "SSF stream created");
    return reply.code(201).send(streamConfiguration(row, issuer));
  });

  app.get("/ssf/streams", async (request) => {
    const clientId = await receiver(request);
    const { stream_id } = decodeRequest(StreamQuery, request.query);
    if (stream_id !== undefined) {
      return streamConfiguration(await streamOf(db, clientId, stream_id), issuer);
    }
    return (await streamsOf(db, clientId)).map((row) => streamConfiguration(row, issuer));
  });

  // PATCH changes the members it names; PUT replaces the configuration (SSF 8.1.1.3, 8.1.1.4).
  for (const method of ["PATCH", "PUT"] as const) {
    app.route({
      ...options,
      method,
      url: "/ssf/streams",
      handler: async (request) => {
        const clientId = await receiver(request);
        const body = decodeRequest(StreamUpdate, request.body);
        const stream = await streamOf(db, clientId, body.stream_id);
        const settings = checkedSettings(
          body,
          deps.config.ssfReceiverOrigins,
          method === "PATCH" ? stream : undefined,
        );
        const row = await updateStream(db, stream, settings, deps.clock.now());
        return streamConfiguration(row, issuer);
      },
    });
  }

  app.delete("/ssf/streams", async (request, reply) => {
    const clientId = await receiver(request);
    const { stream_id } = decodeRequest(StreamQuery, request.query);
    if (stream_id === undefined) throw apiError(400, "INVALID_REQUEST", "stream_id");
    await deleteStream(db, await streamOf(db, clientId, stream_id));
    return reply.code(204).send();
  });

  const statusOf = (row: { id: string; status: string; statusReason: string | null }) => ({
    stream_id: row.id,
    status: row.status,
    ...(row.statusReason ? { reason: row.statusReason } : {}),
  });

  app.get("/ssf/status", async (request) => {
    const clientId = await receiver(request);
    const { stream_id } = decodeRequest(StreamQuery, request.query);
    if (stream_id === undefined) throw apiError(400, "INVALID_REQUEST", "stream_id");
    return statusOf(await streamOf(db, clientId, stream_id));
  });

  app.post("/ssf/status", options, async (request) => {
    const clientId = await receiver(request);
    const body = decodeRequest(StatusUpdate, request.body);
    const stream = await streamOf(db, clientId, body.stream_id);
    const row = await setStreamStatus(
      db,
      stream,
      body.status,
      body.reason ?? null,
      deps.clock.now(),
    );
    return statusOf(row);
  });

  app.post("/ssf/verify", options, async (request, reply) => {
    const clientId = await receiver(request);
    const body = decodeRequest(VerificationRequest, request.body);
    const stream = await streamOf(db, clientId, body.stream_id);
    await queueVerification(db, stream, body.state, deps.clock.now());
    return reply.code(204).send();
  });

  app.post<{ Params: { streamId: string } }>("/ssf/poll/:streamId", options, async (request) => {
    const clientId = await receiver(request);
    const body = decodeRequest(PollRequest, request.body ?? {});
    const stream = await streamOf(db, clientId, request.params.streamId);
    if (stream.deliveryMethod !== "poll") throw apiError(404, "NOT_FOUND", "stream_id");
    return poll(db, stream, body, { ...(await sign()), now: deps.clock.now() });
  });

  // After the answer of a request that queued an event (any feature's): the person's
  // request is answered (its transaction committed) before the worker looks, and its event
  // goes out right after. Requests that queued none (every sign-in) cost no statement.
  let queued = false;
  const unsubscribe = onSharedSignalQueued(() => {
    queued = true;
  });
  // Callback style: it runs after every answer, and an async hook costs a promise each.
  app.addHook("onResponse", (_request, _reply, done) => {
    if (queued) {
      queued = false;
      worker.nudge();
    }
    done();
  });
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => {
    unsubscribe();
    await worker.close();
  });
};
// The nudge hook must see every route's requests, not only this plugin's.
Object.assign(ssfPlugin, { [Symbol.for("skip-override")]: true });
