import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * Counts the statements the portal sends to its database while `record` runs: on PostgreSQL
 * every `query` of node-postgres (one Sync or Query on the wire each, BEGIN and COMMIT
 * included), on PGlite every Sync its protocol sees (a query or an exec each). The same unit
 * as the bench's wire meter (tests/src/bench/pg-wire-meter.ts), counted in the process, so
 * the check needs no proxy and no pg_stat_statements. Statements matching `ignore` (the
 * server's own clock: the mail queue's poll, health checks) are left out.
 */
export const countStatements = async <T>(
  record: () => Promise<T>,
  ignore: RegExp = BACKGROUND_SQL,
): Promise<{ result: T; statements: string[] }> => {
  const statements: string[] = [];
  const note = (sql: string) => {
    if (!ignore.test(sql)) statements.push(sql.replace(/\s+/g, " ").trim());
  };
  const pgQuery = pg.Client.prototype.query;
  const pgliteProtocol = PGlite.prototype.execProtocolStream;
  // The SQL of the protocol messages since the last Sync (PGlite sends them one by one).
  let pending = "";
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "");
    const params = Array.isArray(args[1])
      ? args[1]
      : ((first as { values?: unknown[] })?.values ?? []);
    note(
      process.env.DEBUG_STATEMENTS ? `${text} -- ${JSON.stringify(params).slice(0, 120)}` : text,
    );
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  PGlite.prototype.execProtocolStream = function (this: PGlite, message, options) {
    const type = message[0];
    if (type === PARSE) {
      const body = Buffer.from(message.subarray(5));
      const name = body.indexOf(0);
      pending = body.toString("utf8", name + 1, body.indexOf(0, name + 1));
    } else if (type === QUERY) {
      pending = Buffer.from(message.subarray(5, message.length - 1)).toString("utf8");
    } else if (type === SYNC) {
      note(pending);
      pending = "";
    }
    return pgliteProtocol.call(this, message, options);
  };
  try {
    return { result: await record(), statements };
  } finally {
    pg.Client.prototype.query = pgQuery;
    PGlite.prototype.execProtocolStream = pgliteProtocol;
  }
};

const PARSE = "P".charCodeAt(0);
const QUERY = "Q".charCodeAt(0);
const SYNC = "S".charCodeAt(0);

/**
 * What a portal does on its own clock, whatever the traffic: the rounds of the mail queue
 * and the Shared Signals delivery (also of other servers in the same test process), health
 * checks, migrations. The benches (tests/src/bench) leave out the same.
 */
export const BACKGROUND_SQL =
  /^\s*update "mail_queue"|^\s*update "ssf_events"|^select 1$|^SELECT 1$|__drizzle_migrations/;
