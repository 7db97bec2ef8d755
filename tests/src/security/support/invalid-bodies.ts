import { type ApiRoute, JSON_PATCH_CONTENT_TYPE } from "@portal/contracts";
import fc from "fast-check";
import { nastyString } from "./hostile-strings.js";
import { invalidPatch } from "./invalid-patches.js";
import { type JsonSchema, requestJsonSchema } from "./request-schema.js";

// Raw request bodies a route must refuse (or, for well-typed hostile values, may accept but
// never fail on), generated from the route's request schema.

/** Label of well-typed bodies with hostile strings: a route may accept them. */
export const HOSTILE_VALUES = "hostile values";

/** One generated request body: raw text and its content type. */
export interface RawBody {
  readonly label: string;
  readonly contentType: string | undefined;
  readonly body: string | undefined;
}

const wrongTypeFor = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const types = schema.anyOf?.map((s) => s.type) ?? [schema.type];
  // A value of the field's own type is no wrong type (the purge's `dryRun` is a boolean).
  const candidates: fc.Arbitrary<unknown>[] = [
    ...(types.includes("number") || types.includes("integer") ? [] : [fc.integer(), fc.double()]),
    ...(types.includes("boolean") ? [] : [fc.boolean()]),
    fc.constant([]),
    fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  ];
  // An object without required fields (a record of strings, e.g. analytics data) takes
  // `{}` and a dictionary of strings: those are no wrong type for it.
  const objectArm = schema.anyOf?.find((s) => s.type === "object") ?? schema;
  const objectWithoutRequired =
    objectArm.type === "object" && (objectArm.required ?? []).length === 0;
  if (!objectWithoutRequired)
    candidates.push(
      fc.constant({}),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
    );
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
