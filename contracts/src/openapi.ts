import * as Schema from "effect/Schema";
import { type ApiRoute, answerableErrorCodes, pathParamNames } from "./api-route.js";
import { API_ROUTES } from "./api-routes.js";
import { CORRELATION_ID_HEADER, ErrorBody } from "./error-body.js";

// The OpenAPI 3.1 document of the route table: served by the server at
// GET /api/user-management/openapi.json and checked against the routes it registers.

type Json = Record<string, unknown>;

// Each schema becomes an inline JSON Schema; shared definitions are hoisted
// into components so the document stays valid OpenAPI 3.1 (JSON Schema 2020-12).
const toJsonSchema = (schema: Schema.Top, components: Json): Json => {
  const doc = Schema.toJsonSchemaDocument(schema);
  Object.assign(components, rewriteRefs(doc.definitions));
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

/** The fields of a struct schema as OpenAPI parameters (path or query). */
const parametersOf = (
  where: "path" | "query",
  names: ReadonlyArray<string>,
  schema: Schema.Top | undefined,
  components: Json,
): Json[] => {
  const object = schema ? toJsonSchema(schema, components) : {};
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  const all = where === "path" ? names : Object.keys(properties);
  return all.map((name) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: properties[name] ?? { type: "string" },
  }));
};

const ETAG_HEADER = {
  description: "Version of the resource; send it back as If-Match with the next write",
  schema: { type: "string" },
};

const CORRELATION_HEADER = {
  description: "Id of the request in the server's logs (every answer carries it)",
  schema: { type: "string" },
};

const operation = (name: string, r: ApiRoute, components: Json): Json => {
  const parameters = [
    ...parametersOf("path", pathParamNames(r.path), r.params, components),
    ...(r.query ? parametersOf("query", [], r.query, components) : []),
  ];
  if (r.etag && r.method !== "GET") {
    parameters.push({
      name: "If-Match",
      in: "header",
      required: false,
      description: "The ETag of the version the change is based on (412 when it is outdated)",
      schema: { type: "string" },
    });
  }
  const headers: Json = { [CORRELATION_ID_HEADER]: CORRELATION_HEADER };
  if (r.etag) headers.ETag = ETAG_HEADER;
  const codes = answerableErrorCodes(r);
  const op: Json = {
    operationId: name,
    summary: r.summary,
    parameters,
    responses: {
      [String(r.status)]: {
        description: "Success",
        headers,
        ...(r.response
          ? { content: { "application/json": { schema: toJsonSchema(r.response, components) } } }
          : {}),
      },
      default: {
        description: `Error list; codes: ${codes.join(", ")}`,
        headers: { [CORRELATION_ID_HEADER]: CORRELATION_HEADER },
        content: { "application/json": { schema: toJsonSchema(ErrorBody, components) } },
      },
    },
    "x-error-codes": codes,
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
  if (r.auth === "support") op.description = "Needs a token with the realm role portal-support.";
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
