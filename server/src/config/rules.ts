import { resolve } from "node:path";
import * as Effect from "effect/Effect";
import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import * as SchemaGetter from "effect/SchemaGetter";
import * as SchemaIssue from "effect/SchemaIssue";
import type { Rule } from "./setting.js";

// The rules several settings share. Each pairs a schema with the words that complete
// "expected …" in an error line; a group's own rules (TRUST_PROXY, retention periods) live
// with the group.

const rule = <A>(schema: Schema.Codec<A, string>, expected: string): Rule<A> => ({
  schema,
  expected,
});

// Settings are only ever decoded; nothing writes them back into an environment.
const decodedBy = <A, From extends Schema.Top>(
  from: From,
  decode: SchemaGetter.Getter<A, From["Type"]>,
): Schema.Codec<A, string> =>
  from.pipe(
    Schema.decodeTo(Schema.Unknown, { decode, encode: SchemaGetter.forbiddenEncoding }),
  ) as unknown as Schema.Codec<A, string>;

/** `base`'s values turned by `f` (a folder made absolute, a URL without its trailing slash). */
export const mapped = <A, B>(base: Rule<A>, f: (value: A) => B): Rule<B> =>
  rule(decodedBy(base.schema, SchemaGetter.transform(f)), base.expected);

/**
 * A rule parsed by hand: `parse` gives the value, or why the text is refused (the refused
 * entries of a list; "" when `expected` says it all).
 */
export const parsed = <A>(
  expected: string,
  parse: (text: string) => Result.Result<A, string>,
): Rule<A> =>
  rule(
    decodedBy(
      Schema.String,
      SchemaGetter.transformEffect((text: string) => {
        const result = parse(text);
        if (Result.isSuccess(result)) return Effect.succeed(result.success);
        const why = result.failure === "" ? undefined : { message: result.failure };
        return Effect.fail(new SchemaIssue.InvalidValue(why, text));
      }),
    ),
    expected,
  );

/** Any text (a host name, a client id, the association's name). */
export const text: Rule<string> = rule(Schema.String, "any text");

/** A folder, relative to the working directory unless absolute. */
export const folder: Rule<string> = mapped(text, (path) => resolve(path));

/** Text matching `pattern`. */
export const matching = (pattern: RegExp, expected: string): Rule<string> =>
  rule(Schema.String.check(Schema.isPattern(pattern)), expected);

/** An absolute http(s) URL: scheme, host, then a path if any (no query, no fragment). */
export const httpUrl: Rule<string> = matching(
  /^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/,
  "an absolute http(s) URL such as https://www.example.org",
);

/** An http(s) URL other addresses are built on: its trailing slashes are dropped. */
export const baseUrl: Rule<string> = mapped(httpUrl, (url) => url.replace(/\/+$/, ""));

/** A whole number within bounds; JavaScript's number syntax, as `Number()` reads it. */
export const wholeNumber = (minimum: number, maximum: number, expected: string): Rule<number> =>
  rule(
    Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum, maximum })),
    expected,
  );

/** `base`, for text that matches `pattern` first (digits only, where `Number()` reads more). */
export const onlyMatching = <A>(pattern: RegExp, base: Rule<A>): Rule<A> =>
  rule(
    Schema.String.check(Schema.isPattern(pattern)).pipe(Schema.decodeTo(base.schema)),
    base.expected,
  );

/** One of `values`, exactly as written. */
export const oneOf = <const L extends ReadonlyArray<string>>(
  values: L,
  expected = `one of ${values.join(", ")}`,
): Rule<L[number]> => rule(Schema.Literals(values) as Schema.Codec<L[number], string>, expected);

/** A switch: true/1/yes or false/0/no. */
export const yesNo: Rule<boolean> = mapped(
  oneOf(["true", "false", "1", "0", "yes", "no"], "true or false (or 1 or 0, yes or no)"),
  (value) => value === "true" || value === "1" || value === "yes",
);

/** A secret long enough to resist guessing. */
export const secret: Rule<string> = rule(
  Schema.String.check(Schema.isMinLength(32)),
  "at least 32 characters (e.g. openssl rand -base64 32)",
);

/**
 * Comma-separated entries, each trimmed and read by `entry` (undefined refuses it); empty
 * entries are refused too unless `skipEmpty`. Of several entries, the refused ones are named
 * as `what` (a plural, "proxy addresses").
 */
export const entriesOf = <A>(
  text: string,
  what: string,
  entry: (entry: string) => A | undefined,
  skipEmpty = false,
): Result.Result<A[], string> => {
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter((e) => !skipEmpty || e !== "");
  const values: A[] = [];
  const refused: string[] = [];
  for (const e of entries) {
    const value = entry(e);
    if (value === undefined) refused.push(JSON.stringify(e));
    else values.push(value);
  }
  if (refused.length === 0) return Result.succeed(values);
  return Result.fail(entries.length > 1 ? `not ${what}: ${refused.join(", ")}` : "");
};

/** A comma-separated list (see {@link entriesOf}); the empty text is the empty list. */
export const commaList = <A>(
  expected: string,
  what: string,
  entry: (entry: string) => A | undefined,
  options: { readonly skipEmpty?: boolean } = {},
): Rule<ReadonlyArray<A>> =>
  parsed(expected, (text) =>
    text === "" ? Result.succeed([]) : entriesOf(text, what, entry, options.skipEmpty),
  );
