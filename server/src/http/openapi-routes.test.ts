import { API_ROUTES } from "@portal/contracts";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { databases } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { REFERENCE_STYLESHEET_PATH } from "./api-reference.js";
import { API_REFERENCE_PATH } from "./api-reference-routes.js";

// The reference page and its stylesheet are that document for people, no API calls.
const NOT_CALLS = new Set([API_REFERENCE_PATH, REFERENCE_STYLESHEET_PATH]);

// Every route under /api/ that Fastify registered, as "METHOD /path/{param}".
const registered = new Set<string>();
const [pglite] = databases;
const server = useTestServer(
  pglite!,
  {},
  {
    onRoute: ({ method, url }) => {
      // HEAD answers come with every GET (Fastify adds them); OpenAPI's GET covers them.
      if (url.startsWith("/api/") && method !== "HEAD" && !NOT_CALLS.has(url))
        registered.add(`${method} ${url.replace(/:(\w+)/g, "{$1}")}`);
    },
  },
);

describe("GET /api/user-management/openapi.json", () => {
  const fetchDocument = async () => {
    const res = await server().call("/api/user-management/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    return (await res.json()) as { openapi: string; paths: Record<string, object> };
  };

  it("is a valid OpenAPI 3.1 document", async () => {
    const document = await fetchDocument();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents exactly the routes the server registered under /api/", async () => {
    const document = await fetchDocument();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect([...registered].sort()).toEqual(documented.sort());
    // The company suggestions and the support calls are among them.
    expect(registered).toContain("GET /api/gatinator/smart-signup/{term}");
    expect(registered).toContain("POST /api/user-management/support/memberships");
    expect(documented).toHaveLength(Object.keys(API_ROUTES).length);
  });
});
