import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeSupport, refusal } from "../testing/fakes.js";
import { collectPersonResend } from "./person-resend.js";
import { collectResendOptIn, printMailSent } from "./resend-opt-in.js";

const sent = { ok: true as const, value: { email: "erika@example.de" } };

describe("collectResendOptIn", () => {
  it.each(["nope", "erika@", "@example.de", "erika example.de", ""])(
    "'%s' is no e-mail address: a usage error and no call",
    async (email) => {
      const fake = fakeSupport({ mail: sent });
      const result = await collectResendOptIn(email, fake.port);
      expect(result).toMatchObject({
        ok: false,
        error: { _tag: "Usage", message: { key: "usage.email" } },
      });
      expect(fake.calls).toEqual([]);
    },
  );

  it("resends through the support call, with the address trimmed", async () => {
    const fake = fakeSupport({ mail: sent });
    expect(await collectResendOptIn(" erika@example.de ", fake.port)).toEqual(sent);
    expect(fake.calls).toEqual([["resendOptInMail", "erika@example.de"]]);
  });

  it("passes the portal's refusal on", async () => {
    const fake = fakeSupport({ mail: { ok: false, error: refusal(403, "FORBIDDEN") } });
    const result = await collectResendOptIn("erika@example.de", fake.port);
    expect(result).toMatchObject({ ok: false, error: { _tag: "Http", failure: { status: 403 } } });
  });
});

describe("collectPersonResend", () => {
  it.each([
    ["deletion", "resendDeletionMail"],
    ["email-change", "resendEmailChangeMail"],
  ] as const)("%s uses %s", async (kind, call) => {
    const fake = fakeSupport({ mail: sent });
    expect(await collectPersonResend(kind, "erika@example.de", fake.port)).toEqual(sent);
    expect(fake.calls).toEqual([[call, "erika@example.de"]]);
  });

  it("a malformed address is a usage error", async () => {
    const fake = fakeSupport({ mail: sent });
    const result = await collectPersonResend("deletion", "erika(at)example.de", fake.port);
    expect(result).toMatchObject({ ok: false, error: { _tag: "Usage" } });
    expect(fake.calls).toEqual([]);
  });
});

describe("printMailSent: 'Resent ... mail confirms the address it went to'", () => {
  it.each([
    ["en", "Mail sent to erika@example.de."],
    ["de", "E-Mail an erika@example.de gesendet."],
    ["fr", "E-mail envoyé à erika@example.de."],
  ] as const)("%s", (language, text) => {
    expect(printMailSent({ email: "erika@example.de" }, translator(language))).toBe(text);
  });
  it("drops control characters an answer might carry", () => {
    expect(printMailSent({ email: "a@b.de\u001b[2J" }, translator("en"))).toBe(
      "Mail sent to a@b.de[2J.",
    );
  });
});
