import { createConnection, createServer, type Socket } from "node:net";

// PostgreSQL counts no statements per database without pg_stat_statements, which needs a
// preload and a restart of the machine's shared server. The cluster's nodes reach PostgreSQL
// through a relay anyway (scripts/cluster.sh), so the bench puts this one in the chain: it
// passes every byte on unchanged and reads the messages of the wire protocol as they pass.
// A statement is one Query ('Q') or one Sync ('S') of the extended protocol (node-postgres
// sends Parse/Bind/Execute/Sync per query, Bind/Execute/Sync for a named statement it parsed
// before); its database time runs from the first message the client sends while nothing is
// pending until the server's ReadyForQuery ('Z') that ends it. Statements whose SQL the
// caller names as background are left out (`ignore`).

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
 * startup packet: length first), then `type byte, int32 length, body`. Calls `onMessage` per
 * message with its type and body.
 */
const messageReader = (
  untypedFirst: boolean,
  onMessage: (type: number, body: Buffer) => void,
  options: {
    /** A client's SSLRequest or GSSENCRequest (JDBC sends one first): another untyped message follows. */
    readonly onEncryptionRequest?: () => void;
    /** Single bytes to skip first: the server's answers to those requests ('N'). */
    readonly singleBytes?: () => number;
  } = {},
) => {
  let pending: Buffer = Buffer.alloc(0);
  let expectUntyped = untypedFirst;
  let skipped = 0;
  return (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let offset = 0;
    for (;;) {
      if (options.singleBytes && skipped < options.singleBytes()) {
        if (pending.length - offset < 1) break;
        offset += 1;
        skipped++;
        continue;
      }
      if (expectUntyped) {
        if (pending.length - offset < 4) break;
        const length = pending.readInt32BE(offset);
        if (pending.length - offset < length) break;
        const code = length === 8 ? pending.readInt32BE(offset + 4) : 0;
        offset += length;
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) options.onEncryptionRequest?.();
        else expectUntyped = false;
        continue;
      }
      if (pending.length - offset < 5) break;
      const length = pending.readInt32BE(offset + 1);
      if (pending.length - offset < 1 + length) break;
      onMessage(pending[offset]!, pending.subarray(offset + 5, offset + 1 + length));
      offset += 1 + length;
    }
    pending = pending.subarray(offset);
  };
};

// Request codes of the untyped SSLRequest and GSSENCRequest; the server answers each with one
// byte ('N': go on unencrypted; the machine's PostgreSQL has no TLS).
const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;

const Q = "Q".charCodeAt(0);
const PARSE = "P".charCodeAt(0);
const BIND = "B".charCodeAt(0);
const SYNC = "S".charCodeAt(0);
const READY = "Z".charCodeAt(0);

/** The NUL-terminated strings at the start of a message body (as many as asked for). */
const cstrings = (body: Buffer, count: number): string[] => {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < count; i++) {
    const end = body.indexOf(0, start);
    if (end < 0) break;
    out.push(body.toString("utf8", start, end));
    start = end + 1;
  }
  return out;
};

export interface PgWireMeterOptions {
  /**
   * Statements whose SQL matches are relayed but not counted, nor their time: the work a
   * cluster does on its own clock (health checks, the mail queue's poll), which slows down
   * under load and so cannot be subtracted as an idle rate.
   */
  readonly ignore?: RegExp;
}

/** Starts the meter on 127.0.0.1 (a free port), relaying to `target` (host:port). */
export const startPgWireMeter = async (
  targetHost: string,
  targetPort: number,
  options: PgWireMeterOptions = {},
): Promise<PgWireMeter> => {
  let statements = 0;
  let databaseMs = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: targetHost, port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    // Counted statements waiting for their ReadyForQuery, and whether each one counts.
    let waiting = 0;
    let since = 0;
    const counts: boolean[] = [];
    // A named statement is parsed once per connection, then only bound: its SQL by name.
    const parsed = new Map<string, string>();
    let bound: string[] = [];
    const ignored = (sql: string) => options.ignore?.test(sql) ?? false;
    const begin = (sqls: readonly string[]) => {
      const counted = sqls.length === 0 || !sqls.every(ignored);
      counts.push(counted);
      if (!counted) return;
      statements++;
      if (waiting++ === 0) since = performance.now();
    };
    let encryptionRequests = 0;
    client.on(
      "data",
      messageReader(
        true,
        (type, body) => {
          if (type === PARSE) {
            const [name = "", sql = ""] = cstrings(body, 2);
            parsed.set(name, sql);
          } else if (type === BIND) {
            const [, name = ""] = cstrings(body, 2);
            bound.push(parsed.get(name) ?? "");
          } else if (type === Q) {
            begin(cstrings(body, 1));
          } else if (type === SYNC) {
            begin(bound);
            bound = [];
          }
        },
        { onEncryptionRequest: () => encryptionRequests++ },
      ),
    );
    upstream.on(
      "data",
      messageReader(
        false,
        (type) => {
          // The ReadyForQuery after the start-up handshake ends no statement.
          if (type !== READY || counts.length === 0) return;
          if (counts.shift() && --waiting === 0) databaseMs += performance.now() - since;
        },
        { singleBytes: () => encryptionRequests },
      ),
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
