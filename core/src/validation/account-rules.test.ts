import { describe } from "vitest";
import { runRuleSetCases as run } from "../testing/rule-set-cases.js";
import {
  changeEmailRules,
  changePasswordRules,
  membershipRules,
  passwordForgottenRules,
  passwordResetRules,
} from "./account-rules.js";

describe("membershipRules", () => {
  run(
    membershipRules,
    { mitgliedskennung: "123456", personalPassword: "p", generalPassword: "g" },
    [
      { name: "complete", values: {}, errors: {} },
      {
        name: "all missing",
        values: { mitgliedskennung: "", personalPassword: "", generalPassword: "" },
        errors: {
          mitgliedskennung: "Validation.required",
          personalPassword: "Validation.required",
          generalPassword: "Validation.required",
        },
      },
      {
        name: "membership ID with letters",
        values: { mitgliedskennung: "12a" },
        errors: { mitgliedskennung: "Validation.numeric" },
      },
    ],
  );
});

describe("changeEmailRules", () => {
  run(changeEmailRules, { currentEmail: "erika@example.de", newEmail: "new@example.de" }, [
    { name: "a different valid address", values: {}, errors: {} },
    {
      name: "'must differ from the current one' ('The email address corresponds to the one currently used.')",
      values: { newEmail: "Erika@Example.de" },
      errors: { newEmail: "Validation.emailUnchanged" },
    },
    {
      name: "'contain no invalid characters'",
      values: { newEmail: "néw@example.de" },
      errors: { newEmail: "Validation.email" },
    },
    { name: "required", values: { newEmail: "" }, errors: { newEmail: "Validation.required" } },
  ]);
});

describe("changePasswordRules / passwordResetRules / passwordForgottenRules", () => {
  run(
    changePasswordRules,
    { oldPassword: "old", newPassword: "Sommer2024!x", confirmationPassword: "Sommer2024!x" },
    [
      { name: "complete", values: {}, errors: {} },
      {
        name: "old password missing",
        values: { oldPassword: "" },
        errors: { oldPassword: "Validation.required" },
      },
      {
        name: "new password not confirmed",
        values: { confirmationPassword: "x" },
        errors: { confirmationPassword: "Validation.confirmed" },
      },
      {
        name: "new password too long",
        values: {
          newPassword: `Qz7!${"k".repeat(57)}`,
          confirmationPassword: `Qz7!${"k".repeat(57)}`,
        },
        errors: { newPassword: "Validation.password" },
      },
      // Issue 46: the meter said "strong", then the server refused it (already used).
      {
        name: "the current password as the new one",
        values: {
          oldPassword: "Sommer2024!x",
          newPassword: "Sommer2024!x",
          confirmationPassword: "Sommer2024!x",
        },
        errors: { newPassword: "Validation.password" },
      },
    ],
  );
  run(passwordResetRules, { newPassword: "Sommer2024!x", confirmationPassword: "Sommer2024!x" }, [
    { name: "complete", values: {}, errors: {} },
    {
      name: "new password missing",
      values: { newPassword: "", confirmationPassword: "" },
      errors: { newPassword: "Validation.required", confirmationPassword: "Validation.required" },
    },
  ]);
  run(passwordForgottenRules, { email: "erika@example.de" }, [
    { name: "complete", values: {}, errors: {} },
    { name: "invalid e-mail", values: { email: "erika" }, errors: { email: "Validation.email" } },
  ]);
});
