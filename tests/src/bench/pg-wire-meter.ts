import { createConnection, createServer, type Socket } from "node:net";

// PostgreSQL counts no statements per database without pg_stat_statements, which needs a
// preload and a restart of the machine's shared server. The cluster's nodes reach PostgreSQL
// through a relay anyway (scripts/cluster.sh), so the bench puts this one in the chain: it
// passes every byte on unchanged and reads the message types of the wire protocol as they
// pass. A statement is one Query ('Q') or one Sync ('S') of the extended protocol (node-postgres
// sends Parse/Bind/Execute/Sync per query); its database time runs from the first message the
// client sends while nothing is pending until the server's ReadyForQuery ('Z') that ends it.

/** Totals since the meter started. */
export interface WireTotals {
  readonly statements: number;
  /** Milliseconds with at least one statement of a connection waiting for PostgreSQL, summed over connections. */
  readonly databaseMs: number;
}

export interface PgWireMeter {
  readonly port: number;
  totals(): WireTotals;
  close(): Promise<void>;
}

/**
 * Splits a stream into protocol messages: an optional untyped first message (the client's
 * startup packet: length first), then `type byte, int32 length, body`. Calls `onType` per message.
 */
const messageReader = (untypedFirst: boolean, onType: (type: number) => void) => {
  let pending: Buffer = Buffer.alloc(0);
  let expectUntyped = untypedFirst;
  return (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let offset = 0;
    for (;;) {
      if (expectUntyped) {
        if (pending.length - offset < 4) break;
        const length = pending.readInt32BE(offset);
        if (pending.length - offset < length) break;
        offset += length;
        expectUntyped = false;
        continue;
      }
      if (pending.length - offset < 5) break;
      const length = pending.readInt32BE(offset + 1);
      if (pending.length - offset < 1 + length) break;
      onType(pending[offset]!);
      offset += 1 + length;
    }
    pending = pending.subarray(offset);
  };
};

const Q = "Q".charCodeAt(0);
const SYNC = "S".charCodeAt(0);
const READY = "Z".charCodeAt(0);

/** Starts the meter on 127.0.0.1 (a free port), relaying to `target` (host:port). */
export const startPgWireMeter = async (
  targetHost: string,
  targetPort: number,
): Promise<PgWireMeter> => {
  let statements = 0;
  let databaseMs = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: targetHost, port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    let waiting = 0;
    let since = 0;
    client.on(
      "data",
      messageReader(true, (type) => {
        if (type !== Q && type !== SYNC) return;
        statements++;
        if (waiting++ === 0) since = performance.now();
      }),
    );
    upstream.on(
      "data",
      messageReader(false, (type) => {
        // The ReadyForQuery after the start-up handshake ends no statement.
        if (type !== READY || waiting === 0) return;
        if (--waiting === 0) databaseMs += performance.now() - since;
      }),
    );
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end);
    upstream.on("error", end);
    client.on("close", end);
    upstream.on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("meter: no port");
  return {
    port: address.port,
    totals: () => ({ statements, databaseMs }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
