import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { type ApiArgs, apiPath, pathParamNames } from "./api-route.js";
import { API_ROUTES } from "./api-routes.js";
import { ErrorBody } from "./error-body.js";
import { ERROR_CODES, isErrorCode } from "./error-codes.js";
import { PatchOperation } from "./json-patch.js";
import { openApiDocument } from "./openapi.js";

describe("OpenAPI document", () => {
  const doc = openApiDocument() as {
    openapi: string;
    paths: Record<string, Record<string, unknown>>;
  };

  it("is OpenAPI 3.1", () => {
    expect(doc.openapi).toBe("3.1.0");
  });

  it.each(Object.entries(API_ROUTES))("covers route %s", (_name, r) => {
    const path = doc.paths[r.prefix + r.path];
    expect(path, `${r.method} ${r.path}`).toBeDefined();
    expect(path?.[r.method.toLowerCase()]).toBeDefined();
  });

  it("documents the JSON Patch content type for PATCH /persons/me", () => {
    const patch = doc.paths["/api/user-management/persons/me"]?.patch as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(patch.requestBody.content)).toEqual(["application/json-patch+json"]);
  });
});

describe("apiPath", () => {
  it("fills and encodes parameters", () => {
    expect(apiPath(API_ROUTES.getWebTarget, { key: "M C" })).toBe(
      "/api/user-management/web-targets/M%20C",
    );
  });
  it("refuses a missing parameter", () => {
    expect(() => apiPath(API_ROUTES.getWebTarget)).toThrow(/key/);
  });
});

describe("error body", () => {
  it("accepts a list of catalogue codes", () => {
    expect(
      Schema.decodeUnknownSync(ErrorBody)([{ errorCode: "BACKEND_ERROR", field: "x" }]),
    ).toEqual([{ errorCode: "BACKEND_ERROR", field: "x" }]);
  });
  it("refuses an unknown code", () => {
    expect(() => Schema.decodeUnknownSync(ErrorBody)([{ errorCode: "NOPE" }])).toThrow();
  });
  it("lists every code once", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(isErrorCode("PASSWORD_IN_HISTORY")).toBe(true);
    expect(isErrorCode("nope")).toBe(false);
  });
});

describe("JSON Patch operation", () => {
  const decode = Schema.decodeUnknownSync(PatchOperation);
  it.each([
    { op: "add", path: "/salutation", value: "MR" },
    { op: "remove", path: "/telephoneNumber/extensionNumber" },
    { op: "replace", path: "/unverifiedCrefonummer", value: "1234567890" },
  ])("accepts %o", (op) => {
    expect(decode(op)).toEqual(op);
  });
  it.each([
    { op: "move", path: "/salutation" },
    { op: "add", path: "/__proto__", value: 1 },
    { op: "add", path: "/email", value: "x@y.de" },
    { op: "add", path: "/telephoneNumber/constructor", value: 1 },
  ])("refuses %o", (op) => {
    expect(() => decode(op)).toThrow();
  });
});

describe("route types", () => {
  it("derive the call's arguments from the path, query and body", () => {
    const key: ApiArgs<typeof API_ROUTES.getWebTarget> = ["MC"];
    const query: ApiArgs<typeof API_ROUTES.supportShowPerson> = [{ email: "a@b.de" }];
    const none: ApiArgs<typeof API_ROUTES.getMe> = [];
    const body: ApiArgs<typeof API_ROUTES.resendOptInMail> = [{ email: "a@b.de" }];
    expect([key, query, none, body].map((a) => a.length)).toEqual([1, 1, 0, 1]);
    expect(pathParamNames(API_ROUTES.companySuggestions.path)).toEqual(["term"]);
  });
});
