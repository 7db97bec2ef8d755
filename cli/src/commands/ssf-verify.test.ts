import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeSupport } from "../testing/fakes.js";
import { collectSsfVerify, printSsfVerify } from "./ssf-verify.js";

const ID = "5f0c0000-0000-4000-8000-000000000001";

describe("portal ssf verify", () => {
  it("asks the portal for the stream given, trimmed", async () => {
    const fake = fakeSupport({ ssfVerify: { ok: true, value: { streamId: ID } } });
    expect(await collectSsfVerify(` ${ID} `, fake.port)).toEqual({
      ok: true,
      value: { streamId: ID },
    });
    expect(fake.calls).toEqual([["ssfVerify", ID]]);
  });

  it("refuses an id of several lines or too long before asking", async () => {
    const fake = fakeSupport({});
    for (const bad of ["a\nb", "x".repeat(65)]) {
      const result = await collectSsfVerify(bad, fake.port);
      expect(result.ok).toBe(false);
    }
    expect(fake.calls).toEqual([]);
  });

  it("says the verification is queued", () => {
    expect(printSsfVerify({ streamId: ID }, translator("en"))).toBe(
      `Verification queued for stream ${ID}; it is delivered like every event.`,
    );
  });
});
