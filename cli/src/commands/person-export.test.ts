import { PERSON_EXPORT_FORMAT, type PersonExport } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { fakeSupport } from "../testing/fakes.js";
import { collectPersonExport } from "./person-export.js";

const document = {
  format: PERSON_EXPORT_FORMAT,
  exportedAt: "2026-11-24T20:00:00.000Z",
} as PersonExport;

describe("collectPersonExport", () => {
  it("asks the export by the trimmed address", async () => {
    const fake = fakeSupport({ export: { ok: true, value: document } });
    expect(await collectPersonExport(" erika@example.de ", fake.port)).toEqual({
      ok: true,
      value: document,
    });
    expect(fake.calls).toEqual([["exportPerson", "erika@example.de"]]);
  });
  it("a malformed address is a usage error and asks nothing", async () => {
    const fake = fakeSupport({ export: { ok: true, value: document } });
    expect(await collectPersonExport("erika", fake.port)).toMatchObject({
      ok: false,
      error: { _tag: "Usage" },
    });
    expect(fake.calls).toEqual([]);
  });
});
