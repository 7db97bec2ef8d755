import { describe, expect, it } from "vitest";
import { analyticsEvents } from "../db/schema/analytics.js";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";

const post = (body: unknown, consent?: string): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/json",
    ...(consent ? { "x-analytics-consent": consent } : {}),
  },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

describe.each(embedded)("analytics events on $name", (target) => {
  const server = useTestServer(target);
  const stored = () => server().server.database.db.select().from(analyticsEvents);

  it("'Tracking only with consent': without the consent marker nothing is stored (204)", async () => {
    const event = { kind: "pageView", name: "profile", data: { path: "/konto" } };
    expect((await server().call("/api/analytics/events", post(event))).status).toBe(204);
    expect((await server().call("/api/analytics/events", post(event, "denied"))).status).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it("stores the event when the request carries x-analytics-consent: granted", async () => {
    const event = {
      kind: "error",
      name: "request-failed",
      data: { status: "503", url: "/api/x/#" },
    };
    expect((await server().call("/api/analytics/events", post(event, "granted"))).status).toBe(204);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "error", name: "request-failed", data: event.data });
  });

  it.each([
    ["an unknown kind", { kind: "click", name: "x" }, "kind"],
    ["a missing name", { kind: "event" }, "name"],
    ["an empty name", { kind: "event", name: "" }, "name"],
    ["a non-text data value", { kind: "event", name: "x", data: { n: 1 } }, "data.n"],
    ["a name over 200 characters", { kind: "event", name: "x".repeat(201) }, "name"],
    ["a line break in the name", { kind: "event", name: "page\nview" }, "name"],
    [
      "a data value over 500 characters",
      { kind: "event", name: "x", data: { v: "x".repeat(501) } },
      "data.v",
    ],
    [
      "too many data entries",
      {
        kind: "event",
        name: "x",
        data: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, "v"])),
      },
      "data",
    ],
  ])("refuses %s with 400 INVALID_REQUEST", async (_label, body, field) => {
    const res = await server().call("/api/analytics/events", post(body, "granted"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([
      expect.objectContaining({ errorCode: "INVALID_REQUEST", field }),
    ]);
  });

  it("refuses bodies over 8 KiB with 413", async () => {
    const body = { kind: "event", name: "x", data: { big: "x".repeat(9_000) } };
    const res = await server().call("/api/analytics/events", post(body, "granted"));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual([{ errorCode: "INVALID_REQUEST" }]);
  });
});

describe("analytics rate limit", () => {
  const server = useTestServer(embedded[0]!, {}, { realRateLimits: true });

  it("answers 429 TOO_MANY_REQUESTS with Retry-After once a client has sent 120 events a minute", async () => {
    const event = { kind: "event", name: "x" };
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      statuses.push((await server().call("/api/analytics/events", post(event))).status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 204)).toBe(true);
    const refused = await server().call("/api/analytics/events", post(event));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
  });
});
