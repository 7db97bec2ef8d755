import * as Schema from "effect/Schema";
import { API_ROUTES, type ApiRoute } from "./api-routes.js";
import { ErrorBody } from "./error-body.js";

type Json = Record<string, unknown>;

// Each schema becomes an inline JSON Schema; shared definitions are hoisted
// into components so the document stays valid OpenAPI 3.1 (JSON Schema 2020-12).
const toJsonSchema = (schema: Schema.Top, components: Json): Json => {
  const doc = Schema.toJsonSchemaDocument(schema);
  Object.assign(components, doc.definitions);
  return rewriteRefs(doc.schema) as Json;
};

const rewriteRefs = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === "object") {
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] =
        k === "$ref" && typeof v === "string"
          ? v.replace("#/$defs/", "#/components/schemas/")
          : rewriteRefs(v);
    }
    return out;
  }
  return node;
};

const operation = (name: string, r: ApiRoute, components: Json): Json => {
  const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const errors = toJsonSchema(ErrorBody, components);
  const op: Json = {
    operationId: name,
    summary: r.summary,
    parameters: params,
    responses: {
      [String(r.status)]: r.response
        ? {
            description: "Success",
            content: { "application/json": { schema: toJsonSchema(r.response, components) } },
          }
        : { description: "Success" },
      default: {
        description: "Error list with codes of the catalogue; header correlationid",
        content: { "application/json": { schema: errors } },
      },
    },
  };
  if (r.request) {
    op.requestBody = {
      required: true,
      content: {
        [r.contentType ?? "application/json"]: { schema: toJsonSchema(r.request, components) },
      },
    };
  }
  if (r.auth !== "none") op.security = [{ bearer: [] }];
  return op;
};

/**
 * The OpenAPI 3.1 document of the whole API, generated from {@link API_ROUTES}.
 *
 * @example
 * Object.keys(openApiDocument().paths); // ["/api/gatinator/smart-signup/{term}", ...]
 */
export const openApiDocument = (): Json => {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const [name, r] of Object.entries(API_ROUTES) as Array<[string, ApiRoute]>) {
    const key = r.prefix + r.path;
    paths[key] = { ...paths[key], [r.method.toLowerCase()]: operation(name, r, components) };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Customer self-service portal API", version: "1.0.0" },
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
  };
};
