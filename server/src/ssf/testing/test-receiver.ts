import { createServer, type Server } from "node:http";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";

/** A SET as a receiver reads it once its signature checked out. */
export interface ReceivedSet extends JWTPayload {
  readonly txn: string;
  readonly toe: number;
  readonly sub_id: Record<string, string>;
  readonly events: Record<string, Record<string, unknown>>;
}

/** The one event type of a SET. */
export const eventTypeOf = (set: ReceivedSet): string => Object.keys(set.events)[0] ?? "";

/**
 * Checks a SET as a receiver must: signature against the transmitter's `jwks_uri`, `typ`
 * secevent+jwt, issuer and audience.
 */
export const verifySet = async (
  token: string,
  transmitter: string,
  audience: string,
): Promise<ReceivedSet> => {
  const jwks = createRemoteJWKSet(new URL(`${transmitter}/ssf/jwks.json`));
  const { payload } = await jwtVerify<ReceivedSet>(token, jwks, {
    issuer: transmitter,
    audience,
    typ: "secevent+jwt",
  });
  return payload;
};

/**
 * A push receiver (RFC 8935) on an ephemeral port: a real HTTP server that records every
 * SET posted to `/events` and answers 202, or 503 while `down`.
 */
export interface TestReceiver {
  readonly origin: string;
  readonly endpoint: string;
  /** Every post that was answered 202, in order. */
  readonly accepted: Array<{
    token: string;
    authorization: string | undefined;
    contentType: string | undefined;
  }>;
  /** Posts answered 503 while down. */
  refused: number;
  down: boolean;
  /** Resolves once `count` SETs were accepted (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const startTestReceiver = async (): Promise<TestReceiver> => {
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const receiver = {
    origin: "",
    endpoint: "",
    accepted: [] as TestReceiver["accepted"],
    refused: 0,
    down: false,
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      if (req.url !== "/events" || req.method !== "POST") return res.writeHead(404).end();
      if (receiver.down) {
        receiver.refused++;
        return res.writeHead(503).end();
      }
      receiver.accepted.push({
        token: body,
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
      });
      res.writeHead(202).end();
      for (const w of waiters.filter((w) => receiver.accepted.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("receiver has no port");
  receiver.origin = `http://127.0.0.1:${address.port}`;
  receiver.endpoint = `${receiver.origin}/events`;
  return Object.assign(receiver, {
    waitFor: (count: number, timeoutMs = 5_000) =>
      new Promise<void>((resolve, reject) => {
        if (receiver.accepted.length >= count) return resolve();
        const timer = setTimeout(
          () =>
            reject(new Error(`${receiver.accepted.length} of ${count} SETs in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
};
