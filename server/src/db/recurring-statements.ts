import { createHash } from "node:crypto";
import pg from "pg";

/** How often a text must run before it is named (Keycloak's JDBC driver names it at 5). */
const NAME_AFTER_RUNS = 3;
/** Texts named at most per process: each is prepared once on every connection that runs it. */
const MOST_NAMED = 256;
/** Texts counted at most before they are named; the count starts over when full. */
const MOST_COUNTED = 4_096;

// Only queries and writes: DDL of the migrations and transaction control run unnamed.
const NAMEABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

/**
 * The name under which a statement text that recurs is prepared on PostgreSQL's side, or
 * undefined while it has not recurred (or for DDL, or once `mostNamed` texts are named).
 * Unnamed, PostgreSQL parses, analyses and plans every statement anew: a sign-in's dozen
 * statements cost its backends 4 to 7 ms of CPU against Keycloak's 1 ms, whose JDBC driver
 * names a statement on its fifth run (issue 48, `pnpm bench --only=signin`). The name
 * is derived from the text, so the same text has the same name on every connection.
 */
export const recurringStatementNamer = ({
  nameAfterRuns = NAME_AFTER_RUNS,
  mostNamed = MOST_NAMED,
  mostCounted = MOST_COUNTED,
} = {}): ((text: string) => string | undefined) => {
  const runs = new Map<string, number>();
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= mostNamed || !NAMEABLE.test(text)) return known;
    const seen = (runs.get(text) ?? 0) + 1;
    if (seen < nameAfterRuns) {
      if (runs.size >= mostCounted) runs.clear();
      runs.set(text, seen);
      return undefined;
    }
    runs.delete(text);
    const name = `r_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
};

interface QueryConfigLike {
  readonly text: string;
  readonly name?: string;
}

const isUnnamedConfig = (config: unknown): config is QueryConfigLike =>
  typeof config === "object" &&
  config !== null &&
  typeof (config as QueryConfigLike).text === "string" &&
  (config as QueryConfigLike).name === undefined &&
  typeof (config as { submit?: unknown }).submit !== "function";

/**
 * node-postgres's Client for the pool (`new pg.Pool({ Client })`) that names recurring
 * statements (see {@link recurringStatementNamer}); node-postgres then parses a named one
 * once per connection and afterwards sends only Bind, Execute and Sync. A statement that
 * already has a name (drizzle's `.prepare(name)`) keeps it.
 */
export const recurringStatementsClient = (
  nameOf: (text: string) => string | undefined = recurringStatementNamer(),
): typeof pg.Client => {
  class RecurringStatementsClient extends pg.Client {}
  Object.defineProperty(RecurringStatementsClient.prototype, "query", {
    value(this: pg.Client, config: unknown, ...rest: unknown[]) {
      // Looked up on each call: what wraps node-postgres's own (the tests' statement
      // counter) stays in the path.
      const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
      if (isUnnamedConfig(config)) {
        const name = nameOf(config.text);
        if (name !== undefined) return query.call(this, { ...config, name }, ...rest);
      }
      return query.call(this, config, ...rest);
    },
    writable: true,
    configurable: true,
  });
  return RecurringStatementsClient;
};
