import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { RegistrationPayload } from "./registration.js";
import { ChangePasswordRequest } from "./requests.js";
import { SingleLineText } from "./text-fields.js";
import { hasForbiddenTextCharacters, MAX_LENGTHS, textLength } from "./text-limits.js";

const codeOf = (schema: Schema.Top & { readonly DecodingServices: never }, input: unknown) => {
  const result = Schema.decodeUnknownResult(schema)(input);
  if (Result.isSuccess(result)) return undefined;
  // The first failing check's own code (what the server's decoder answers).
  const found = JSON.stringify(result.failure.issue, (k, v) => (k === "ast" ? undefined : v));
  return /"errorCode":"([A-Z_]+)"/.exec(found)?.[1];
};

describe("text fields of the request schemas", () => {
  const payload = {
    givenName: "Erika",
    surname: "Muster",
    email: "erika@example.de",
    password: "Sommer-Wiese42",
    consentMarketing: "GIVEN",
    consentRecherche: "GIVEN",
    postRegistrationTargetKey: null,
    postRegistrationToken: null,
  };

  it.each([
    ["a given name with a NUL", { givenName: "E\u0000" }, "INVALID_NAME"],
    ["a given name of 256 characters", { givenName: "E".repeat(256) }, "FIRSTNAME_TOO_LONG"],
    ["a surname of 256 characters", { surname: "M".repeat(256) }, "LASTNAME_TOO_LONG"],
    ["an e-mail with CR LF", { email: "a@b.de\r\nBcc: c@d.de" }, "EMAIL_NOT_VALID"],
    ["a password of 61 characters", { password: "x".repeat(61) }, "PASSWORD_TOO_LONG"],
    ["a crefonummer of 60 000 digits", { crefonummer: "1".repeat(60_000) }, "INVALID_CREFONUMMER"],
    ["a prk with a line feed", { postRegistrationTargetKey: "M\nC" }, "INVALID_REQUEST"],
  ])("registration: %s names %s", (_l, change, code) => {
    expect(codeOf(RegistrationPayload, { ...payload, ...change })).toBe(code);
  });

  it("takes the longest values and any character in a password", () => {
    expect(
      codeOf(RegistrationPayload, {
        ...payload,
        givenName: "👩".repeat(255),
        password: "\u0000".repeat(60),
        crefonummer: "2010000001",
      }),
    ).toBeUndefined();
    expect(codeOf(ChangePasswordRequest, { oldPassword: "o".repeat(129), newPassword: "n" })).toBe(
      "PASSWORD_INCORRECT",
    );
  });

  it("counts code points, as a person counts characters", () => {
    expect(textLength("👩👩")).toBe(2);
    const two = SingleLineText(2, { tooLong: "INVALID_REQUEST", invalid: "INVALID_REQUEST" });
    expect(codeOf(two, "👩👩")).toBeUndefined();
    expect(codeOf(two, "👩👩👩")).toBe("INVALID_REQUEST");
  });

  it("refuses a lone surrogate but not a pair", () => {
    expect(hasForbiddenTextCharacters("\ud83d")).toBe(true);
    expect(hasForbiddenTextCharacters("\ud83d\udc69")).toBe(false);
  });

  it("the limits are realistic: none above the spec's 255 but the opaque prt", () => {
    const { postRegistrationToken, ...rest } = MAX_LENGTHS;
    expect(Math.max(...Object.values(rest))).toBe(255);
    expect(postRegistrationToken).toBe(512);
  });
});
