import type { ApiRoute } from "@portal/contracts";
import * as Schema from "effect/Schema";

// A route's request schema as JSON Schema, read from the contracts (the single source):
// the generators of invalid bodies and text breaches walk it.

/** The part of JSON Schema the generators read. */
export interface JsonSchema {
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

/** The string arm of a field that may also be null, with its declared limits. */
export const stringArm = (
  schema: JsonSchema,
): JsonSchema & { pattern?: string; maxLength?: number } =>
  (schema.anyOf?.find((s) => s.type === "string") ?? schema) as JsonSchema & {
    pattern?: string;
    maxLength?: number;
  };
