import { route } from "@portal/contracts";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorCodeLedger } from "../test-support/error-code-ledger.js";
import { apiError } from "./api-error.js";
import { installErrorCodeCheck } from "./error-code-check.js";
import { installErrorFunnel } from "./error-funnel.js";

// The check behind the route table's `errors` lists: an error answer whose code the entry
// does not list (nor the common codes of its caller) is reported, and the test server's
// ledger then fails loudly.

const entry = route({
  method: "POST",
  path: "/probe",
  summary: "A probe",
  status: 204,
  auth: "none",
  errors: ["EMAIL_UNCHANGED"],
});

const probeApp = async (observe: ReturnType<typeof errorCodeLedger>["observe"]) => {
  const app = Fastify();
  installErrorFunnel(app);
  installErrorCodeCheck(app, observe);
  app.route({
    method: "POST",
    url: "/probe/:code",
    config: { apiRoute: entry },
    handler: async (request) => {
      const { code } = request.params as { code: "EMAIL_UNCHANGED" | "ACCOUNT_NOT_FOUND" };
      throw apiError(code === "EMAIL_UNCHANGED" ? 400 : 404, code);
    },
  });
  // A route outside the table is not checked.
  app.get("/plain", async () => {
    throw apiError(409, "ACCOUNT_ALREADY_CONFIRMED");
  });
  await app.ready();
  return app;
};

describe("error-code check", () => {
  it("passes a listed code and a common one, and reports the answer", async () => {
    const ledger = errorCodeLedger();
    const app = await probeApp(ledger.observe);
    expect((await app.inject({ method: "POST", url: "/probe/EMAIL_UNCHANGED" })).statusCode).toBe(
      400,
    );
    // A body that is no JSON is refused by Fastify: INVALID_REQUEST, common to every call.
    const broken = await app.inject({
      method: "POST",
      url: "/probe/EMAIL_UNCHANGED",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(broken.statusCode).toBe(400);
    expect(ledger.answers.map((a) => [a.route, a.status, a.codes, a.undocumented])).toEqual([
      ["/probe", 400, ["EMAIL_UNCHANGED"], []],
      ["/probe", 400, ["INVALID_REQUEST"], []],
    ]);
    expect(() => ledger.assertDocumented()).not.toThrow();
    await app.close();
  });

  it("fails the ledger on a code the entry does not list, naming route, status and code", async () => {
    const ledger = errorCodeLedger();
    const app = await probeApp(ledger.observe);
    const res = await app.inject({ method: "POST", url: "/probe/ACCOUNT_NOT_FOUND" });
    // The answer itself is unchanged: the check observes, the test fails.
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ errorCode: "ACCOUNT_NOT_FOUND" }]);
    expect(() => ledger.assertDocumented()).toThrow(
      /\/probe \(POST \/api\/user-management\/probe\) 404 ACCOUNT_NOT_FOUND/,
    );
    await app.close();
  });

  it("ignores routes outside the table", async () => {
    const ledger = errorCodeLedger();
    const app = await probeApp(ledger.observe);
    expect((await app.inject({ method: "GET", url: "/plain" })).statusCode).toBe(409);
    expect(ledger.answers).toEqual([]);
    await app.close();
  });
});
