import { WebTarget } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";

describe.each(embedded)("GET /web-targets/{key} on $name", (target) => {
  const server = useTestServer(target);

  it("resolves the default key MC to the profile page of this portal", async () => {
    const res = await server().call("/api/user-management/web-targets/MC");
    expect(res.status).toBe(200);
    expect(res.headers.get("correlationid")).toMatch(/.{8,}/);
    const body = await res.json();
    expect(Schema.decodeUnknownSync(WebTarget, { onExcessProperty: "error" })(body)).toEqual(body);
    expect(body).toEqual({
      key: "MC",
      url: `${server().server.config.publicUrl}/benutzerverwaltung/konto`,
      sourceSystem: "MC",
    });
  });

  it("upper-cases the key ('Prk is upper-cased')", async () => {
    const res = await server().call("/api/user-management/web-targets/inkasso");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { key: string }).key).toBe("INKASSO");
  });

  it("answers 404 NOT_FOUND for an unknown key, echoing a sane correlation id", async () => {
    const res = await server().call("/api/user-management/web-targets/NOPE", {
      headers: { correlationid: "test-correlation-1" },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("correlationid")).toBe("test-correlation-1");
    expect(await res.json()).toEqual([{ errorCode: "NOT_FOUND", field: "key" }]);
  });

  it("lists the known keys, sorted, so a tool can name them (GET /web-targets)", async () => {
    const res = await server().call("/api/user-management/web-targets");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ keys: ["BONITAET", "INKASSO", "MARKETING", "MC"] });
  });

  it("replaces an insane incoming correlation id with a fresh one", async () => {
    const res = await server().call("/api/user-management/unknown", {
      headers: { correlationid: "<script>" },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("correlationid")).not.toBe("<script>");
    expect(await res.json()).toEqual([{ errorCode: "NOT_FOUND" }]);
  });
});
