import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeSupport, refusal } from "../testing/fakes.js";
import { collectMembershipIssue, printMembershipIssue } from "./membership-issue.js";

const issued = {
  memberNumber: "1234567",
  mitgliedskennung: "900123",
  personalPassword: "pers-Secret-1",
  generalPassword: "gen-Secret-2",
};

describe("collectMembershipIssue", () => {
  it.each(["12a", "", " ", "-1", "1 2", "١٢٣"])(
    "member number '%s' is not digits only: usage error",
    async (n) => {
      const fake = fakeSupport({ membership: { ok: true, value: issued } });
      expect(await collectMembershipIssue(n, fake.port)).toMatchObject({
        ok: false,
        error: { _tag: "Usage", message: { key: "usage.memberNumber" } },
      });
      expect(fake.calls).toEqual([]);
    },
  );
  it("issues for a member number of digits", async () => {
    const fake = fakeSupport({ membership: { ok: true, value: issued } });
    expect(await collectMembershipIssue("1234567", fake.port)).toEqual({ ok: true, value: issued });
    expect(fake.calls).toEqual([["issueMembership", "1234567"]]);
  });
  it("passes an unknown member number's refusal on", async () => {
    const fake = fakeSupport({
      membership: { ok: false, error: refusal(404, "MITGLIEDSNUMMER_UNKNOWN") },
    });
    expect(await collectMembershipIssue("1", fake.port)).toMatchObject({
      ok: false,
      error: { _tag: "Http" },
    });
  });
});

describe("printMembershipIssue: 'printing the mitgliedskennung and the two passwords once'", () => {
  it("prints the credentials and says they are shown once", () => {
    const text = printMembershipIssue(issued, translator("en"));
    expect(text).toContain("Mitgliedskennung   900123");
    expect(text).toContain("Personal password  pers-Secret-1");
    expect(text).toContain("General password   gen-Secret-2");
    expect(text).toContain("Shown only this once");
  });
});
