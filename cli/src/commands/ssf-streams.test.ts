import type { SsfStreamList } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeSupport } from "../testing/fakes.js";
import { collectSsfStreams, printSsfStreams } from "./ssf-streams.js";

const list: SsfStreamList = {
  streams: [
    {
      id: "5f0c0000-0000-4000-8000-000000000001",
      receiver: "crm-app",
      delivery: "push",
      endpoint: "https://crm.example.org/ssf",
      status: "enabled",
      format: "iss_sub",
      events: [
        "https://schemas.openid.net/secevent/caep/event-type/session-revoked",
        "https://schemas.openid.net/secevent/risc/event-type/account-purged",
      ],
      delivered: 12,
      givenUp: 1,
      queued: 2,
      createdAt: "2026-11-29T09:00:00.000Z",
    },
    {
      id: "5f0c0000-0000-4000-8000-000000000002",
      receiver: "shop",
      delivery: "poll",
      endpoint: null,
      status: "paused",
      format: "email",
      events: [],
      delivered: 0,
      givenUp: 0,
      queued: 0,
      createdAt: "2026-11-29T10:00:00.000Z",
    },
  ],
};

describe("portal ssf streams", () => {
  it("asks the portal once", async () => {
    const fake = fakeSupport({ ssfStreams: { ok: true, value: list } });
    expect(await collectSsfStreams(fake.port)).toEqual({ ok: true, value: list });
    expect(fake.calls).toEqual([["ssfStreams", ""]]);
  });

  it("prints a block per stream: receiver, delivery, events by name, counts", () => {
    expect(printSsfStreams(list, translator("en"))).toBe(
      [
        "Stream          5f0c0000-0000-4000-8000-000000000001",
        "Receiver        crm-app",
        "Delivery        Push to https://crm.example.org/ssf",
        "Status          enabled",
        "Subject format  iss_sub",
        "Events          session-revoked, account-purged",
        "Events so far   12 delivered, 1 given up, 2 waiting",
        "Created         29.11.2026 09:00 UTC",
        "",
        "Stream          5f0c0000-0000-4000-8000-000000000002",
        "Receiver        shop",
        "Delivery        Fetched by the receiver (poll)",
        "Status          paused",
        "Subject format  email",
        "Events          -",
        "Events so far   0 delivered, 0 given up, 0 waiting",
        "Created         29.11.2026 10:00 UTC",
      ].join("\n"),
    );
  });

  it("says when there is none, in German too", () => {
    expect(printSsfStreams({ streams: [] }, translator("de"))).toBe(
      "Kein Empfänger hat einen Stream angelegt.",
    );
  });
});
