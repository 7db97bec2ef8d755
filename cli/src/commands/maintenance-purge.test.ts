import type { PurgeReport } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeSupport } from "../testing/fakes.js";
import { collectPurge, printPurge } from "./maintenance-purge.js";

const report: PurgeReport = {
  dryRun: true,
  ran: true,
  at: "2026-11-24T03:00:00.000Z",
  kinds: [
    { kind: "outbox", retentionHours: 720, before: "2026-10-25T03:00:00.000Z", count: 12 },
    { kind: "login-failures", retentionHours: 24, before: "2026-11-23T03:00:00.000Z", count: 0 },
  ],
};

describe("collectPurge", () => {
  it("asks the portal with the dry-run flag as given", async () => {
    const fake = fakeSupport({ purge: { ok: true, value: report } });
    expect(await collectPurge(true, fake.port)).toEqual({ ok: true, value: report });
    expect(await collectPurge(false, fake.port)).toEqual({ ok: true, value: report });
    expect(fake.calls).toEqual([
      ["purge", "true"],
      ["purge", "false"],
    ]);
  });
});

describe("printPurge: per kind the count, the period and the cut-off", () => {
  it("a dry run says that nothing was deleted", () => {
    expect(printPurge(report, translator("en"))).toBe(
      [
        "Dry run, nothing deleted. Due now:",
        "Outbox mails              12 (kept 30 days, older than 25.10.2026 03:00 UTC)",
        "Sign-in failure counters  0 (kept 24 hours, older than 23.11.2026 03:00 UTC)",
      ].join("\n"),
    );
  });
  it("a purge says what went, in German too; one that did not run says why", () => {
    const text = printPurge({ ...report, dryRun: false }, translator("de"));
    expect(text).toMatch(/^Gelöscht:$/m);
    expect(text).toMatch(/^Mails im Postausgang +12 \(aufbewahrt 30 Tage, älter als 25\.10\.2026/m);
    expect(printPurge({ ...report, ran: false, kinds: [] }, translator("fr"))).toBe(
      "Un autre processus du portail est en train de purger ; rien n'a été fait.",
    );
  });
});
