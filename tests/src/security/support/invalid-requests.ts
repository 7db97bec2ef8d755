import { type ApiRoute, JSON_PATCH_CONTENT_TYPE, PATCH_OPS, PATCH_PATHS } from "@portal/contracts";
import * as Schema from "effect/Schema";
import fc from "fast-check";

/** Label of well-typed bodies with hostile strings: a route may accept them. */
export const HOSTILE_VALUES = "hostile values";

/** One generated request body: raw text and its content type. */
export interface RawBody {
  readonly label: string;
  readonly contentType: string | undefined;
  readonly body: string | undefined;
}

interface JsonSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
}

/** The request schema of a route as JSON Schema, read from the contracts (the single source). */
export const requestJsonSchema = (route: ApiRoute): JsonSchema | undefined =>
  route.request
    ? (Schema.toJsonSchemaDocument(route.request).schema as unknown as JsonSchema)
    : undefined;

// Strings that break naive code: huge, unicode (RTL, astral, combining, NUL), markup, SQL.
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\u202Eevil\u202C",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧",
    "e\u0301\u0301\u0301",
    "<script>alert(1)</script>",
    "'; drop table persons; --",
    "$" + "{7*7}{{7*7}}",
    "../../../etc/passwd",
    "%00%2e%2e%2f",
    "a".repeat(10_000),
    "ä".repeat(40_000),
  ),
);

const wrongTypeFor = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const types = schema.anyOf?.map((s) => s.type) ?? [schema.type];
  const candidates: fc.Arbitrary<unknown>[] = [
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant([]),
    fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
    fc.constant({}),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  ];
  if (!types.includes("null")) candidates.push(fc.constant(null));
  if (!types.includes("string")) candidates.push(nastyString);
  else if (schema.enum) candidates.push(nastyString.filter((s) => !schema.enum?.includes(s)));
  return fc.oneof(...candidates);
};

/** A value the schema accepts (strings of every kind; enums and nulls as declared). */
const validValue = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  if (schema.type === "null") return fc.constant(null);
  if (schema.type === "object") return validObject(schema);
  if (schema.type === "array") return fc.array(validValue(schema.items ?? {}), { maxLength: 2 });
  return nastyString;
};

const validObject = (schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> => {
  const props = schema.properties ?? {};
  return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(v)])), {
    requiredKeys: [...(schema.required ?? [])],
  });
};

// Keys a body must never be able to smuggle into an object's prototype or the stored row.
const hostileKeys = fc.constantFrom("__proto__", "constructor", "prototype", "id", "crid", "email");
const extraFields = fc.dictionary(
  fc.oneof(hostileKeys, fc.string({ maxLength: 12 })),
  fc.jsonValue(),
  {
    minKeys: 1,
    maxKeys: 3,
  },
);

/**
 * Extra fields never name a field of the schema: an extra `email: ""` would put back the
 * very field a mutation took out, and the body would be valid after all.
 */
const withoutSchemaKeys = (extra: Record<string, unknown>, schema: JsonSchema) =>
  Object.fromEntries(
    Object.entries(extra).filter(([key]) => !Object.hasOwn(schema.properties ?? {}, key)),
  );

/**
 * Bodies that break an object schema: a required field missing, a field of the wrong type
 * or outside its enum, or no object at all; each possibly with extra (hostile) fields.
 */
const invalidObject = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const props = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const base = validObject(schema);
  const mutations: fc.Arbitrary<unknown>[] = [
    fc.oneof(
      fc.constant(null),
      fc.integer(),
      nastyString,
      fc.array(fc.jsonValue(), { maxLength: 3 }),
    ),
  ];
  if (required.length > 0) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([obj, key]) => {
        const copy = { ...obj };
        delete copy[key];
        return copy;
      }),
    );
  }
  if (props.length > 0) {
    mutations.push(
      fc
        .constantFrom(...props)
        .chain(([key, prop]) =>
          fc.tuple(base, wrongTypeFor(prop)).map(([obj, wrong]) => ({ ...obj, [key]: wrong })),
        ),
    );
  }
  return fc
    .tuple(fc.oneof(...mutations), fc.option(extraFields, { nil: undefined }))
    .map(([value, extra]) =>
      extra && value && typeof value === "object" && !Array.isArray(value)
        ? { ...withoutSchemaKeys(extra, schema), ...value }
        : value,
    );
};

/** JSON Patch documents with at least one operation the API must refuse (whole patch). */
export const invalidPatch: fc.Arbitrary<unknown> = (() => {
  const validOp = fc.record({
    op: fc.constantFrom(...PATCH_OPS),
    path: fc.constantFrom("/title", "/position", "/department"),
    value: fc.constantFrom("PROF", "Leitung", "Einkauf"),
  });
  const badOp = fc.oneof(
    // Unknown operations of RFC 6902 and beyond.
    fc.record({
      op: fc.constantFrom("move", "copy", "test", "merge", "_get", "", "ADD"),
      path: fc.constantFrom(...PATCH_PATHS),
      from: fc.constant("/givenName"),
      value: nastyString,
    }),
    // Paths outside the allow-list, prototype paths included.
    fc.record({
      op: fc.constantFrom(...PATCH_OPS),
      path: fc.oneof(
        fc.constantFrom(
          "/__proto__",
          "/__proto__/polluted",
          "/constructor/prototype/polluted",
          "/telephoneNumber/__proto__",
          "/email",
          "/id",
          "/crid",
          "/passwordHash",
          "/givenName/0",
          "",
          "/",
          "givenName",
        ),
        nastyString,
      ),
      value: fc.jsonValue(),
    }),
    // Allowed paths with values of the wrong kind.
    fc.record({
      op: fc.constantFrom("add", "replace"),
      path: fc.constantFrom(
        "/salutation",
        "/dateOfBirth",
        "/consentMarketing",
        "/preferredLanguage",
      ),
      value: fc.oneof(
        fc.integer(),
        fc.constant("KING"),
        fc.constant("31.02.2000"),
        fc.constant({}),
      ),
    }),
    fc.record({
      op: fc.constantFrom("add", "replace"),
      path: fc.constantFrom("/givenName", "/surName"),
      value: fc.oneof(
        fc.constant("a".repeat(256)),
        fc.constant("<b>$" + "{x}</b>"),
        fc.constant(""),
        fc.integer(),
      ),
    }),
    // Operations that are no objects or lack their fields.
    fc.oneof(
      fc.constant(null),
      fc.integer(),
      nastyString,
      fc.constant({}),
      fc.constant({ op: "add" }),
    ),
  );
  return fc.oneof(
    fc
      .tuple(fc.array(validOp, { maxLength: 3 }), badOp, fc.array(validOp, { maxLength: 2 }))
      .map(([before, bad, after]) => [...before, bad, ...after]),
    fc.oneof(
      fc.constant({}),
      fc.constant(null),
      nastyString,
      fc.record({ op: fc.constant("add") }),
    ),
  );
})();

const text = (
  label: string,
  contentType: string | undefined,
  body: string | undefined,
): RawBody => ({
  label,
  contentType,
  body,
});

/**
 * Raw bodies for a route: schema-breaking JSON under the route's content type, the same
 * body under wrong content types, malformed JSON, and a body above the size limit.
 */
export const invalidBodies = (route: ApiRoute): fc.Arbitrary<RawBody> => {
  const contentType = route.contentType ?? "application/json";
  const schema = requestJsonSchema(route);
  const values =
    contentType === JSON_PATCH_CONTENT_TYPE
      ? invalidPatch
      : schema
        ? invalidObject(schema)
        : fc.constant({});
  const transport = fc.oneof(
    fc
      .constantFrom("{", '{"a":', "[1,]", "{'a':1}", "nul", '{"a":1}}', "\u0000", '"\\uZZZZ"')
      .map((b) => text("malformed JSON", contentType, b)),
    fc
      .tuple(
        fc.constantFrom(
          "application/xml",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/octet-stream",
          "image/png",
        ),
        fc.jsonValue(),
      )
      .map(([type, v]) => text("wrong content type", type, JSON.stringify(v) ?? "null")),
    fc.constant(text("too large", contentType, JSON.stringify({ x: "a".repeat(70 * 1024) }))),
  );
  // A route without a request body still parses what it is sent: only transport errors apply.
  if (!schema) return transport;
  const arms = [
    { weight: 3, arbitrary: values.map((v) => text("schema", contentType, JSON.stringify(v))) },
    { weight: 1, arbitrary: transport },
  ];
  // Well-typed bodies whose strings are hostile (NUL, huge, markup): the route may accept
  // them, but must never fail on them. Not for JSON Patch: a well-typed patch is a real edit.
  if (contentType !== JSON_PATCH_CONTENT_TYPE) {
    arms.push({
      weight: 1,
      arbitrary: validObject(schema).map((v) =>
        text(HOSTILE_VALUES, contentType, JSON.stringify(v)),
      ),
    });
  }
  return fc.oneof(...arms);
};

/**
 * One of each kind of character no single-line field may hold (issue 14): C0 and C1
 * controls, DEL, line and paragraph separators, bidirectional controls, zero-width
 * characters, a BOM, a tag character, a lone surrogate.
 */
export const FORBIDDEN_TEXT_CHARACTERS: ReadonlyArray<string> = [
  "\u0000",
  "\u0001",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\u2028",
  "\u2029",
  "\u200e",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u{e0041}",
  "\ud800",
  "\udfff",
];

/** A string with one forbidden character somewhere in ordinary text. */
export const textWithForbiddenCharacter: fc.Arbitrary<string> = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9 .@-]{0,6}$/),
    fc.constantFrom(...FORBIDDEN_TEXT_CHARACTERS),
    fc.stringMatching(/^[A-Za-z0-9 .@-]{0,6}$/),
  )
  .map(([a, c, b]) => `${a}${c}${b}`);

export interface TextField {
  readonly path: ReadonlyArray<string>;
  /** The field must refuse control and invisible characters. */
  readonly singleLine: boolean;
  /** The schema declares the single-line rule (a JSON Schema `pattern`). */
  readonly declaresSingleLine: boolean;
  readonly maxLength: number | undefined;
}

const stringArm = (schema: JsonSchema): JsonSchema & { pattern?: string; maxLength?: number } =>
  (schema.anyOf?.find((s) => s.type === "string") ?? schema) as JsonSchema & {
    pattern?: string;
    maxLength?: number;
  };

/** Every free-text field of a request schema (nested objects too): its limits as declared. */
export const textFields = (schema: JsonSchema, path: ReadonlyArray<string> = []): TextField[] =>
  Object.entries(schema.properties ?? {}).flatMap(([key, value]) => {
    const s = stringArm(value);
    if (s.type === "object") return textFields(s, [...path, key]);
    if (s.type !== "string" || s.enum) return [];
    return [
      {
        path: [...path, key],
        // Secrets may hold any character; every other text is one line (issue 14).
        singleLine: !/^password$|Password$/.test(key),
        declaresSingleLine: s.pattern !== undefined,
        maxLength: s.maxLength,
      },
    ];
  });

/** Every property filled with a short, plain value its schema takes. */
const plainObject = (schema: JsonSchema): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => {
      const s = stringArm(value);
      if (s.enum) return [key, s.enum[0]];
      if (s.type === "object") return [key, plainObject(s)];
      return [key, "1"];
    }),
  );

const setAt = (obj: Record<string, unknown>, path: ReadonlyArray<string>, v: unknown) => {
  const [head, ...rest] = path;
  if (head === undefined) return obj;
  const copy = { ...obj };
  copy[head] = rest.length === 0 ? v : setAt(copy[head] as Record<string, unknown>, rest, v);
  return copy;
};

/** A body whose one text field breaks its declared limit; the API must refuse that field. */
export interface TextBreach {
  readonly field: string;
  readonly kind: "control character" | "too long";
  readonly body: string;
}

/**
 * Bodies of `route` that are valid but for one free-text field: a forbidden character
 * in a single-line field, or a value longer than its maximum (up to 60 000 characters).
 * Undefined for routes without free-text fields.
 */
export const textBreaches = (route: ApiRoute): fc.Arbitrary<TextBreach> | undefined => {
  const schema = requestJsonSchema(route);
  const fields = schema ? textFields(schema) : [];
  if (!schema || fields.length === 0) return undefined;
  const base = plainObject(schema);
  const arms = fields.flatMap((f) => {
    const field = f.path.join(".");
    const out: fc.Arbitrary<TextBreach>[] = [];
    if (f.singleLine)
      out.push(
        textWithForbiddenCharacter
          .filter((v) => f.maxLength === undefined || [...v].length <= f.maxLength)
          .map((v) => ({
            field,
            kind: "control character" as const,
            body: JSON.stringify(setAt(base, f.path, v)),
          })),
      );
    if (f.maxLength !== undefined)
      out.push(
        fc.integer({ min: f.maxLength + 1, max: 60_000 }).map((n) => ({
          field,
          kind: "too long" as const,
          body: JSON.stringify(setAt(base, f.path, "1".repeat(n))),
        })),
      );
    return out;
  });
  return fc.oneof(...arms);
};

/** A valid telephone number of the patch tests. */
const PHONE = {
  countryDialingCode: "+49",
  areaDialingCode: "30",
  subscriberNumber: "123456",
  extensionNumber: null,
};

/**
 * JSON Patch documents that are well-formed but carry hostile text: a forbidden
 * character in a name, position or department or in a phone part, or a phone part,
 * crefonummer or text over its maximum. The API refuses each with a coded 400.
 */
export const hostileTextPatch: fc.Arbitrary<unknown[]> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("/givenName", "/surName", "/position", "/department"),
      textWithForbiddenCharacter.map((v) => `Erika${v}`),
    )
    .map(([path, value]) => [{ op: "add", path, value }]),
  fc
    .tuple(
      fc.constantFrom(
        "areaDialingCode",
        "subscriberNumber",
        "extensionNumber",
        "countryDialingCode",
      ),
      fc.oneof(
        textWithForbiddenCharacter.map((v) => `12${v}`),
        fc.integer({ min: 13, max: 60_000 }).map((n) => "1".repeat(n)),
      ),
      fc.boolean(),
    )
    .map(([part, value, whole]) =>
      whole
        ? [{ op: "add", path: "/telephoneNumber", value: { ...PHONE, [part]: value } }]
        : [
            { op: "add", path: "/telephoneNumber", value: PHONE },
            { op: "replace", path: `/telephoneNumber/${part}`, value },
          ],
    ),
  fc
    .oneof(
      fc.integer({ min: 11, max: 60_000 }).map((n) => "2".repeat(n)),
      textWithForbiddenCharacter.map((v) => `201${v}`),
    )
    .map((value) => [{ op: "add", path: "/unverifiedCrefonummer", value }]),
  fc
    .tuple(
      fc.constantFrom("/givenName", "/surName", "/position", "/department"),
      fc.integer({ min: 256, max: 60_000 }),
    )
    .map(([path, n]) => [{ op: "add", path, value: "a".repeat(n) }]),
);
