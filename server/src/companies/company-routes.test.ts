import { CompanySuggestions } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { companies } from "../db/schema/companies.js";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { generateCompany } from "./generator.js";

const SMART_SIGNUP = "/api/gatinator/smart-signup";

describe.each(embedded)("GET /api/gatinator/smart-signup/{term} on $name", (target) => {
  // A small register seeded on start, as COMPANY_SEED_COUNT does for the 50 000 default.
  const server = useTestServer(target, { companySeedCount: 500 });

  it("seeds the synthetic register on first start", async () => {
    expect(await server().server.database.db.$count(companies)).toBe(500);
  });

  it("suggests companies by name words, at most 10, with the server time in Server-Timing", async () => {
    const company = generateCompany(42);
    const firstWord = company.name.split(" ")[0] ?? "";
    const res = await server().call(
      `${SMART_SIGNUP}/${encodeURIComponent(firstWord.toUpperCase())}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("server-timing")).toMatch(/^db;dur=\d+(\.\d)?$/);
    const body = Schema.decodeUnknownSync(CompanySuggestions)(await res.json());
    expect(body.companyNameSuggestions.length).toBeGreaterThan(0);
    expect(body.companyNameSuggestions.length).toBeLessThanOrEqual(10);
  });

  it("suggests by crefonummer prefix, the exact number first", async () => {
    const company = generateCompany(7);
    const res = await server().call(`${SMART_SIGNUP}/${company.crefonummer}`);
    expect(await res.json()).toEqual({
      companyNameSuggestions: [
        { crefonummer: company.crefonummer, name: company.name, city: company.city },
      ],
    });
  });

  it.each(["ab", "  a ", "12", "%_&"])(
    "refuses the term %j with 400 INVALID_REQUEST on field term",
    async (term) => {
      const res = await server().call(`${SMART_SIGNUP}/${encodeURIComponent(term)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual([
        expect.objectContaining({ errorCode: "INVALID_REQUEST", field: "term" }),
      ]);
      expect(res.headers.get("correlationid")).toBeTruthy();
    },
  );

  it("answers an unknown name with an empty list", async () => {
    const res = await server().call(`${SMART_SIGNUP}/qqxxzz`);
    expect(await res.json()).toEqual({ companyNameSuggestions: [] });
  });
});
