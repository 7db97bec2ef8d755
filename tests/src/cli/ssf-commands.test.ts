import type { SsfQueue, SsfStreamList } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { useTestPortal } from "./cli-harness.js";

// `portal ssf` against a real server: a receiver (the realm's portal-support client, by
// client credentials) creates a poll stream; support lists it, verifies it, sees the queue.
const { portal, support } = useTestPortal();

const VERIFICATION = "https://schemas.openid.net/secevent/ssf/event-type/verification";

/** A client-credentials token of portal-support from the embedded provider. */
const receiverToken = async (): Promise<string> => {
  const res = await fetch(`${portal().url}/realms/portal/protocol/openid-connect/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`portal-support:${portal().secret}`).toString("base64")}`,
    },
    body: "grant_type=client_credentials",
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};

describe("portal ssf", () => {
  it("lists the streams, queues a verification, shows the queue; an unknown stream fails", async () => {
    const token = await receiverToken();
    const created = await fetch(`${portal().url}/ssf/streams`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ delivery: { method: "urn:ietf:rfc:8936" }, format: "email" }),
    });
    expect(created.status).toBe(201);
    const { stream_id: id } = (await created.json()) as { stream_id: string };
    try {
      const streams = await support(["ssf", "streams", "--json"]);
      expect({ code: streams.code, stderr: streams.stderr }).toEqual({ code: 0, stderr: "" });
      const list = JSON.parse(streams.stdout) as SsfStreamList;
      expect(list.streams.find((s) => s.id === id)).toMatchObject({
        receiver: "portal-support",
        delivery: "poll",
        endpoint: null,
        format: "email",
        queued: 0,
      });
      const human = await support(["ssf", "streams", "--lang", "en"]);
      expect(human.stdout).toMatch(new RegExp(`^Stream +${id}$`, "m"));
      expect(human.stdout).toMatch(/^Delivery +Fetched by the receiver \(poll\)$/m);

      const verified = await support(["ssf", "verify", id, "--lang", "en"]);
      expect(verified.code).toBe(0);
      expect(verified.stdout).toContain(`Verification queued for stream ${id}`);
      const queue = await support(["ssf", "queue", "--json"]);
      const waiting = JSON.parse(queue.stdout) as SsfQueue;
      expect(waiting.events.find((e) => e.streamId === id)).toMatchObject({
        eventType: VERIFICATION,
        attempts: 0,
        lastError: null,
      });
      const table = await support(["ssf", "queue", "--lang", "en"]);
      expect(table.stdout).toMatch(/events waiting, the oldest \d+:/);
      expect(table.stdout).toContain("verification");

      const unknown = await support(["ssf", "verify", "00000000-0000-4000-8000-000000000000"]);
      expect(unknown.code).toBe(1);
      const usage = await support(["ssf", "verify", "a".repeat(65)]);
      expect(usage.code).toBe(2);
    } finally {
      await fetch(`${portal().url}/ssf/streams?stream_id=${id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });
});
