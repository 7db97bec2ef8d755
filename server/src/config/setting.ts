import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import type * as SchemaIssue from "effect/SchemaIssue";
import { ConfigError } from "./config-error.js";

// One environment variable is one Setting: its name, its rule (a schema from the trimmed
// text to the value, and the words that say what it accepts) and the text that stands in
// while it is unset or blank. Settings come in groups, each decoded as one Schema.Struct with
// every error at once. A refused value is one line naming the variable, what was given and
// what is allowed; its default then stands in, so the settings built on it are still checked
// and the operator sees every problem of the environment in one start.

export type Env = Readonly<Record<string, string | undefined>>;

/** What a variable accepts: a schema from its trimmed text, and the words after "expected". */
export interface Rule<A> {
  readonly schema: Schema.Codec<A, string>;
  readonly expected: string;
}

/**
 * One environment variable (see the module header). A default may build on settings read
 * before (PUBLIC_URL's on PORT): those come as the group's context `C`.
 */
export interface Setting<A, C = unknown> {
  readonly name: string;
  readonly rule: Rule<A>;
  /** The text decoded while the variable is unset or blank; without one the value is undefined. */
  readonly fallback: ((context: C) => string) | undefined;
  /** How the given text appears in an error line, after the name. */
  readonly given: (text: string) => string;
}

/** How a setting's value is shown: as given, never (a secret), or with a URL's password masked. */
export type Shown = "as-given" | "secret" | "url-with-password";

const shown: Record<Shown, (text: string) => string> = {
  "as-given": (text) => `=${JSON.stringify(text)}`,
  // Its length only: an error line lands in logs, a secret must not.
  secret: (text) => ` (${text.length} characters, not shown)`,
  "url-with-password": (text) =>
    `=${JSON.stringify(text.replace(/(\/\/[^/@:]*:)[^/@]*@/, "$1***@"))}`,
};

/** A variable with a default (`fallback`, decoded by the same rule). */
export const setting = <A, C = unknown>(
  name: string,
  rule: Rule<A>,
  fallback: string | ((context: C) => string),
  show: Shown = "as-given",
): Setting<A, C> => ({
  name,
  rule,
  fallback: typeof fallback === "string" ? () => fallback : fallback,
  given: shown[show],
});

/** A variable that may stay unset: its value is then undefined. */
export const optional = <A>(
  name: string,
  rule: Rule<A>,
  show: Shown = "as-given",
): Setting<A | undefined> => ({ name, rule, fallback: undefined, given: shown[show] });

/** A group of settings, under the keys their values take in the config. */
export type Settings<C = unknown> = Readonly<Record<string, Setting<unknown, C>>>;

/** The decoded values of a group. */
export type Values<S extends Settings<never>> = {
  readonly [K in keyof S]: S[K] extends Setting<infer A, never> ? A : never;
};

/** A variable's trimmed text; blank counts as unset. */
export const textOf = (env: Env, name: string): string | undefined =>
  env[name]?.trim() || undefined;

/**
 * The keys a group's decoding refused, each with its rule's own words (the refused entries of
 * a list): effect's generic ones ("Expected an integer") give way to the rule's "expected …".
 */
const refusals = (
  issue: SchemaIssue.Issue,
  byKey = new Map<string, Set<string>>(),
  key = "",
): Map<string, Set<string>> => {
  switch (issue._tag) {
    case "Pointer":
      return refusals(issue.issue, byKey, key || String(issue.path[0]));
    case "Filter":
    case "Encoding":
      return refusals(issue.issue, byKey, key);
    case "Composite":
    case "AnyOf":
      for (const inner of issue.issues) refusals(inner, byKey, key);
      break;
  }
  const details = byKey.get(key) ?? new Set<string>();
  byKey.set(key, details);
  const message = issue._tag === "InvalidValue" ? issue.annotations?.message : undefined;
  if (typeof message === "string") details.add(message);
  return byKey;
};

interface Decoded<V> {
  readonly values: V;
  /** One line per refused variable. */
  readonly problems: ReadonlyArray<string>;
  /** The names of the refused variables. */
  readonly refused: ReadonlyArray<string>;
}

// One schema per group, made once: effect compiles a schema's decoder on first use.
const schemas = new WeakMap<Settings<never>, Schema.Decoder<Record<string, unknown>>>();
const schemaOf = (settings: Settings<never>): Schema.Decoder<Record<string, unknown>> => {
  const made = schemas.get(settings);
  if (made !== undefined) return made;
  const fields = Object.entries(settings).map(([key, s]) => [
    key,
    Schema.optionalKey(s.rule.schema),
  ]);
  // Built from a record, the struct's type knows no keys: the group's Values type does.
  const schema = Schema.Struct(Object.fromEntries(fields)) as unknown as Schema.Decoder<
    Record<string, unknown>
  >;
  schemas.set(settings, schema);
  return schema;
};

/** Decodes one group of settings from the environment (see the module header). */
const decodeGroup = <C, S extends Settings<C>>(
  env: Env,
  settings: S,
  context: C,
): Decoded<Values<S>> => {
  const entries = Object.entries(settings);
  const schema = schemaOf(settings);
  const texts = (pick: (key: string, s: Setting<unknown, C>) => string | undefined) =>
    Object.fromEntries(
      entries.flatMap(([key, s]) => {
        const text = pick(key, s);
        return text === undefined ? [] : [[key, text]];
      }),
    );
  const given = texts((_, s) => textOf(env, s.name) ?? s.fallback?.(context));
  const result = Schema.decodeUnknownResult(schema, { errors: "all" })(given);
  if (Result.isSuccess(result))
    return { values: valuesOf(entries, result.success), problems: [], refused: [] };
  const refused = refusals(result.failure.issue);
  // The defaults stand in for the refused values: they follow their rules by construction.
  const standIns = texts((key, s) => (refused.has(key) ? s.fallback?.(context) : given[key]));
  const problems = entries.flatMap(([key, s]) => {
    const details = refused.get(key);
    if (details === undefined) return [];
    const said = [...details, `expected ${s.rule.expected}`].join("; ");
    return [`Invalid ${s.name}${s.given(given[key] ?? "")}: ${said}`];
  });
  return {
    values: valuesOf(entries, Schema.decodeUnknownSync(schema)(standIns)),
    problems,
    refused: entries.filter(([key]) => refused.has(key)).map(([, s]) => s.name),
  };
};

// Every key present: an unset optional setting is an undefined value, as the config's type says.
const valuesOf = <V>(entries: ReadonlyArray<[string, unknown]>, decoded: Record<string, unknown>) =>
  Object.fromEntries(entries.map(([key]) => [key, decoded[key]])) as V;

/**
 * Reads groups one after another, gathering every problem; `done` refuses them all at once
 * with one {@link ConfigError}, a line each.
 */
export const environmentReader = (env: Env) => {
  const problems: string[] = [];
  const refused = new Set<string>();
  return {
    /** A group's values; `context` holds the earlier settings its defaults build on. */
    read<C, S extends Settings<C>>(settings: S, context?: C): Values<S> {
      const group = decodeGroup(env, settings, context as C);
      problems.push(...group.problems);
      for (const name of group.refused) refused.add(name);
      return group.values;
    },
    /**
     * A rule over several variables, checked only when each of `names` was accepted on its
     * own (a stand-in default would make it complain about what the operator never said).
     */
    combine(names: ReadonlyArray<string>, check: () => ReadonlyArray<string>): void {
      if (!names.some((name) => refused.has(name))) problems.push(...check());
    },
    done<C>(config: C): C {
      if (problems.length > 0) throw new ConfigError(problems);
      return config;
    },
  };
};
