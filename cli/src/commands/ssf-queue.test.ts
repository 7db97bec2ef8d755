import type { SsfQueue } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeSupport } from "../testing/fakes.js";
import { collectSsfQueue, printSsfQueue } from "./ssf-queue.js";

const queue: SsfQueue = {
  total: 3,
  events: [
    {
      id: "e1",
      streamId: "5f0c0000-0000-4000-8000-000000000001",
      eventType: "https://schemas.openid.net/secevent/caep/event-type/credential-change",
      attempts: 4,
      nextAttemptAt: "2026-11-29T09:01:00.000Z",
      createdAt: "2026-11-29T09:00:00.000Z",
      lastError: "receiver answered 503",
    },
  ],
};

describe("portal ssf queue", () => {
  it("asks the portal once", async () => {
    const fake = fakeSupport({ ssfQueue: { ok: true, value: queue } });
    expect(await collectSsfQueue(fake.port)).toEqual({ ok: true, value: queue });
    expect(fake.calls).toEqual([["ssfQueue", ""]]);
  });

  it("prints how many wait and the oldest as a table", () => {
    expect(printSsfQueue(queue, translator("en"))).toBe(
      [
        "3 events waiting, the oldest 1:",
        "Queued                Event              Stream                                Attempts  Next attempt          Last error",
        "29.11.2026 09:00 UTC  credential-change  5f0c0000-0000-4000-8000-000000000001  4         29.11.2026 09:01 UTC  receiver answered 503",
      ].join("\n"),
    );
  });

  it("says when nothing waits, in French too", () => {
    expect(printSsfQueue({ total: 0, events: [] }, translator("fr"))).toBe(
      "Rien n'attend d'être distribué.",
    );
  });
});
