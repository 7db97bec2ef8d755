import { API_ROUTES } from "@portal/contracts";
import { textsFor } from "@portal/core/texts";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../provider/index.js";
import { databases } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { REFERENCE_STYLESHEET_PATH } from "./api-reference.js";
import { API_REFERENCE_PATH } from "./api-reference-routes.js";

// The API reference page: every documented route with its error codes and their texts,
// generated from the served OpenAPI document, under the portal's unchanged strict CSP.

type Operation = { operationId: string; summary: string; "x-error-codes": string[] };
const [pglite] = databases;
const server = useTestServer(pglite!);

const fetchPage = async () => {
  const res = await server().call(API_REFERENCE_PATH);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  return { res, page: await res.text() };
};

/** The part of the page about one operation. */
const sectionOf = (page: string, operationId: string): string => {
  const start = page.indexOf(`<section class="operation" id="op-${operationId}"`);
  expect(start, operationId).toBeGreaterThan(0);
  return page.slice(start, page.indexOf("</section>", start));
};

describe(`GET ${API_REFERENCE_PATH}`, () => {
  it("lists every route of the served OpenAPI document with its summary and error codes in de and en", async () => {
    const { page } = await fetchPage();
    const served = (await (await server().call("/api/user-management/openapi.json")).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(served.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    // One per entry of the route table.
    expect(operations).toHaveLength(Object.keys(API_ROUTES).length);
    for (const { path, method, op } of operations) {
      const section = sectionOf(page, op.operationId);
      const what = `${method} ${path}`;
      // Listed in the page's table of contents, linking to its section.
      expect(page, what).toContain(`<a href="#op-${op.operationId}">`);
      expect(section, what).toContain(`<span class="method">${method.toUpperCase()}</span>`);
      expect(section, what).toContain(`<code>${escapeHtml(path)}</code>`);
      expect(section, what).toContain(escapeHtml(op.summary));
      expect(op["x-error-codes"].length, what).toBeGreaterThan(0);
      for (const code of op["x-error-codes"]) {
        const texts = (["de", "en"] as const).map((lng) =>
          textsFor(lng).t(`errors:HttpErrorMessages.${code}`),
        );
        expect(
          texts.every((t) => t.length > 0),
          `${what} ${code} has texts`,
        ).toBe(true);
        expect(section, `${what} ${code}`).toContain(
          `<tr><td><code>${code}</code></td><td lang="de">${escapeHtml(texts[0] ?? "")}</td><td>${escapeHtml(texts[1] ?? "")}</td></tr>`,
        );
      }
    }
  });

  it("shows request and answer schemas, and every schema link has its target", async () => {
    const { page } = await fetchPage();
    const patch = sectionOf(page, "patchMe");
    expect(patch).toContain("Content type <code>application/json-patch+json</code>");
    expect(patch).toContain("<h3>Answer</h3>");
    expect(sectionOf(page, "register")).toContain("&quot;givenName&quot;");
    // Shared definitions (none at the moment: the document inlines every schema).
    const targets = [...page.matchAll(/href="#(schema-[^"]+)"/g)].map((m) => m[1]);
    for (const id of new Set(targets)) expect(page, id).toContain(`id="${id}"`);
  });

  it("has no script and no inline style, and keeps the portal's strict CSP", async () => {
    const { res, page } = await fetchPage();
    expect(page).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(page).toContain(`<link rel="stylesheet" href="${REFERENCE_STYLESHEET_PATH}">`);
    const csp = res.headers.get("content-security-policy") ?? "";
    // The same policy as every other answer of the portal (here: the OpenAPI document's).
    const other = await server().call("/api/user-management/openapi.json");
    expect(csp).toBe(other.headers.get("content-security-policy"));
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it("serves its stylesheet as a file of its own", async () => {
    const res = await server().call(REFERENCE_STYLESHEET_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await res.text()).toContain("pre.schema");
  });
});
