import type { ApiRoute } from "@portal/contracts";
import fc from "fast-check";
import { textWithForbiddenCharacter } from "./hostile-strings.js";
import { type JsonSchema, requestJsonSchema, stringArm } from "./request-schema.js";

// The free-text fields of a request schema with their declared limits, and bodies that
// break exactly one of them (a forbidden character, a value over the maximum).

export interface TextField {
  readonly path: ReadonlyArray<string>;
  /** The field must refuse control and invisible characters. */
  readonly singleLine: boolean;
  /** The schema declares the single-line rule (a JSON Schema `pattern`). */
  readonly declaresSingleLine: boolean;
  readonly maxLength: number | undefined;
}

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
 * in a single-line field, or a value longer than its maximum (up to `upTo` characters:
 * a route with a small body limit refuses longer bodies before decoding them).
 * Undefined for routes without free-text fields.
 */
export const textBreaches = (
  route: ApiRoute,
  upTo = 60_000,
): fc.Arbitrary<TextBreach> | undefined => {
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
        fc.integer({ min: f.maxLength + 1, max: upTo }).map((n) => ({
          field,
          kind: "too long" as const,
          body: JSON.stringify(setAt(base, f.path, "1".repeat(n))),
        })),
      );
    return out;
  });
  return fc.oneof(...arms);
};
