import { describe, expect, it } from "vitest";
import {
  alphaNum,
  asciiOnly,
  confirmed,
  digits,
  email,
  type FormValues,
  included,
  isEmail,
  max,
  min,
  personName,
  type Rule,
  required,
  requiredIf,
  requiredWithAny,
  validateAreacode,
  validateNumeric,
} from "./generic-rules.js";

type Case = { rule: Rule; value: unknown; values?: FormValues; key: string | undefined };
const run = (title: string, cases: Array<Omit<Case, "rule">>, rule: Rule) =>
  describe(title, () => {
    it.each(cases)("$value -> $key", ({ value, values, key }) => {
      expect(rule.check(value, values ?? {}, "field")?.key).toBe(key);
    });
  });

run(
  "required: 'empty, false, empty list count as missing'",
  [
    { value: "", key: "Validation.required" },
    { value: "   ", key: "Validation.required" },
    { value: undefined, key: "Validation.required" },
    { value: null, key: "Validation.required" },
    { value: false, key: "Validation.required" },
    { value: [], key: "Validation.required" },
    { value: "x", key: undefined },
    { value: true, key: undefined },
    { value: ["a"], key: undefined },
    { value: "0", key: undefined },
  ],
  required(),
);

run(
  "email: 'standard pattern'",
  [
    { value: "erika@example.de", key: undefined },
    { value: "e.m+tag@sub.example.co.uk", key: undefined },
    { value: "erika@example", key: "Validation.email" },
    { value: "erika@", key: "Validation.email" },
    { value: "@example.de", key: "Validation.email" },
    { value: "er ika@example.de", key: "Validation.email" },
    { value: "erika@exa_mple.de", key: "Validation.email" },
    { value: "", key: undefined },
  ],
  email(),
);

run(
  "min and max length: 'must not exceed :{length} characters'",
  [
    { value: "x".repeat(255), key: undefined },
    { value: "x".repeat(256), key: "Validation.max" },
    { value: "ü".repeat(255), key: undefined },
  ],
  max(255),
);
run(
  "min length",
  [
    { value: "ab", key: "Validation.min" },
    { value: "abc", key: undefined },
    { value: "", key: undefined },
  ],
  min(3),
);
run(
  "digits with exact length",
  [
    { value: "12345", key: undefined },
    { value: "1234", key: "Validation.digits" },
    { value: "123456", key: "Validation.digits" },
    { value: "12a45", key: "Validation.digits" },
  ],
  digits(5),
);
run(
  "included values",
  [
    { value: "MS", key: undefined },
    { value: "MRS", key: "Validation.included" },
    { value: "", key: undefined },
  ],
  included(["MS", "MR"]),
);
run(
  "alpha_num",
  [
    { value: "abc123", key: undefined },
    { value: "Ärger1", key: undefined },
    { value: "a-1", key: "Validation.alphaNum" },
    { value: "a 1", key: "Validation.alphaNum" },
  ],
  alphaNum(),
);
run(
  "confirmed: 'does not match Password'",
  [
    { value: "Secret1!", values: { password: "Secret1!" }, key: undefined },
    { value: "Secret1?", values: { password: "Secret1!" }, key: "Validation.confirmed" },
    { value: "", values: { password: "Secret1!" }, key: "Validation.confirmed" },
  ],
  confirmed("password"),
);
run(
  "required_if: 'required when the other field is set and not '0''",
  [
    { value: "", values: { withCto: true }, key: "Validation.required" },
    { value: "", values: { withCto: "1" }, key: "Validation.required" },
    { value: "", values: { withCto: "0" }, key: undefined },
    { value: "", values: { withCto: false }, key: undefined },
    { value: "", values: { withCto: "" }, key: undefined },
    { value: "", values: {}, key: undefined },
    { value: "123", values: { withCto: true }, key: undefined },
  ],
  requiredIf("withCto"),
);
run(
  "ascii_only: 'char codes up to 127'",
  [
    { value: "erika@example.de", key: undefined },
    { value: "~\u007f", key: undefined },
    { value: "erikä@example.de", key: "Validation.asciiOnly" },
    { value: "\u0080", key: "Validation.asciiOnly" },
  ],
  asciiOnly(),
);
run(
  "person_name: 'must not contain any of / \\ : % < > $ { } [ ] # * + = ~ |'",
  [
    { value: "Anna-Lena O'Brien", key: undefined },
    { value: "José Müller-Lüdenscheidt", key: undefined },
    { value: "Dr. Erika", key: undefined },
    ...["/", "\\", ":", "%", "<", ">", "$", "{", "}", "[", "]", "#", "*", "+", "=", "~", "|"].map(
      (c) => ({ value: `Er${c}ika`, key: "Validation.personName" }),
    ),
  ],
  personName(),
);
run(
  "validate_areacode: 'digits only, no leading 0'",
  [
    { value: "30", key: undefined },
    { value: "6221", key: undefined },
    { value: "030", key: "Validation.areaCode" },
    { value: "3a", key: "Validation.areaCode" },
    { value: "", key: undefined },
  ],
  validateAreacode(),
);
run(
  "validate_numeric: 'digits only'",
  [
    { value: "0123", key: undefined },
    { value: "12 3", key: "Validation.numeric" },
    { value: "+49", key: "Validation.numeric" },
  ],
  validateNumeric(),
);
run(
  "validate_phone / validate_birthdate: 'required if any related part is filled'",
  [
    { value: "", values: { a: "", b: "" }, key: undefined },
    { value: "", values: { a: "1", b: "" }, key: "Validation.phone" },
    { value: "", values: { a: "", b: "2" }, key: "Validation.phone" },
    { value: "3", values: { a: "1", b: "2" }, key: undefined },
  ],
  requiredWithAny("validate_phone", "Validation.phone", ["a", "b"]),
);

describe("messages carry the field and length as params, never sentences", () => {
  it("max", () => {
    expect(max(255).check("x".repeat(256), {}, "title")).toEqual({
      key: "Validation.max",
      params: { field: "Fields.title", length: 255 },
    });
  });
  it("required", () => {
    expect(required().check("", {}, "givenName")).toEqual({
      key: "Validation.required",
      params: { field: "Fields.givenName" },
    });
  });
  it("confirmed names the other field", () => {
    expect(
      confirmed("password").check("a", { password: "b" }, "confirmationPassword")?.params,
    ).toEqual({
      field: "Fields.confirmationPassword",
      other: "Fields.password",
    });
  });
  it("isEmail agrees with the rule", () => expect(isEmail("a@b.de")).toBe(true));
});
