import { describe, expect, it } from "vitest";
import { FIELD_REFUSALS, fieldRefusal } from "./field-refusal.js";
import { httpFailure } from "./http-failure.js";

const refused = (...codes: string[]) =>
  httpFailure({ status: 400, url: "/x", body: codes.map((errorCode) => ({ errorCode })) });

describe("fieldRefusal: which field a server refusal belongs to", () => {
  it.each([
    ["changePassword", "PASSWORD_INCORRECT", "oldPassword"],
    ["changePassword", "PASSWORD_TRIVIAL_VALUES", "newPassword"],
    ["changePassword", "PASSWORD_IN_HISTORY", "newPassword"],
    ["passwordReset", "PASSWORD_TRIVIAL_VALUES", "newPassword"],
    ["changeMailAddress", "EMAIL_UNCHANGED", "newEmail"],
    ["changeMailAddress", "EMAIL_NOT_VALID", "newEmail"],
    ["register", "PASSWORD_TRIVIAL_VALUES", "password"],
    ["register", "EMAIL_NOT_VALID", "email"],
    ["register", "LASTNAME_MISSING", "surname"],
  ] as const)("%s: %s marks %s", (form, code, field) => {
    expect(fieldRefusal(refused(code), FIELD_REFUSALS[form])).toEqual({ field, code });
  });

  it("follows the first code, the one the dialog names", () => {
    expect(
      fieldRefusal(
        refused("PASSWORD_IN_HISTORY", "PASSWORD_INCORRECT"),
        FIELD_REFUSALS.changePassword,
      ),
    ).toEqual({ field: "newPassword", code: "PASSWORD_IN_HISTORY" });
  });

  it("leaves codes of no field, unknown codes and bodies without codes to the dialog", () => {
    const fields = FIELD_REFUSALS.changePassword;
    expect(fieldRefusal(refused("BACKEND_ERROR"), fields)).toBeNull();
    expect(fieldRefusal(refused("toString"), fields)).toBeNull();
    expect(fieldRefusal(refused("INVALID_OPT_IN"), FIELD_REFUSALS.passwordReset)).toBeNull();
    expect(fieldRefusal(httpFailure({ status: 500, url: "/x", body: "boom" }), fields)).toBeNull();
    expect(fieldRefusal(httpFailure({ status: 0, url: "/x" }), fields)).toBeNull();
  });
});
