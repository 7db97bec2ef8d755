import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";

/** The part of a PGlite client drizzle's PGlite session calls for a prepared select. */
export interface NamedStatementClient {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
}

const { serialize } = protocol;

/** The type parsers PGlite's parseResults takes: the client's own. */
type ParserMap = PGlite["parsers"];

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

// Each client prepares its own statement: two loaders on one PGlite (tests) must not clash.
let statements = 0;

/**
 * A client for drizzle (`drizzle({ client })`) whose one query is a named prepared statement
 * of PGlite's backend: parsed and planned once, then each call is one Bind, Describe,
 * Execute and Sync in one message. PGlite's own `query` sends an unnamed Parse, Describe,
 * Bind, Describe, Execute and Sync as six calls into the WebAssembly backend every time
 * (drizzle's `.prepare(name)` does not reach PGlite), and PostgreSQL parses and plans the
 * statement anew each time: for the caller's read of every API request (person-loader.ts)
 * that was most of its database time. Like PGlite's `query`, it waits for an open
 * transaction to end, so it never reads inside another request's transaction. Any other
 * query text goes to PGlite's `query`.
 */
export const namedStatementClient = (client: PGlite, text: string): NamedStatementClient => {
  const name = `portal_named_${++statements}`;
  let paramTypes: number[] | undefined;
  // PGlite's parseResults spreads the client's type parsers and the call's into a new object
  // on every call (a hundred keys, numeric ones in a slow dictionary); drizzle passes the same
  // options object for each run of a statement, so they are merged once per options object.
  const merged = new WeakMap<QueryOptions, { parsers: ParserMap; rest: QueryOptions }>();
  const mergedParsers = (options: QueryOptions | undefined) => {
    if (!options?.parsers) return { parsers: client.parsers, rest: options };
    let known = merged.get(options);
    if (!known) {
      const { parsers, ...rest } = options;
      known = { parsers: { ...client.parsers, ...parsers }, rest };
      merged.set(options, known);
    }
    return known;
  };

  const prepare = async (): Promise<number[]> => {
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const described = messages.find((m) => m.name === "parameterDescription") as
      | { dataTypeIDs: number[] }
      | undefined;
    return described?.dataTypeIDs ?? [];
  };

  const run = async (params: unknown[], options: QueryOptions | undefined): Promise<Results> => {
    paramTypes ??= await prepare();
    const types = paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const { parsers, rest } = mergedParsers(options);
    const [result] = parse.parseResults(messages, parsers, rest);
    if (!result) throw new Error(`no result for prepared statement ${name}`);
    return result;
  };

  return {
    query: (queryText, params = [], options) =>
      queryText === text
        ? client._runExclusiveTransaction(() =>
            client._runExclusiveQuery(() => run(params, options)),
          )
        : client.query(queryText, params, options),
  };
};
