import { describe, expect, it } from "vitest";
import { type AuthMethod, amrOf, PASSKEY_SIGN_IN, withMethod } from "./amr.js";
import type { LoginState } from "./login-state.js";
import { loginStateOf } from "./login-state.test-data.js";

const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, second));
const state = loginStateOf;

describe("amrOf: the ID token's amr of the sign-in an interaction ends with (RFC 8176)", () => {
  it.each<[string, Partial<LoginState>, AuthMethod[]]>([
    ["password alone", { amr: ["pwd"] }, ["pwd"]],
    ["password and a code (app, mail or recovery)", { amr: ["pwd", "otp"] }, ["pwd", "otp", "mfa"]],
    ["password and a second-factor passkey", { amr: ["pwd", "pop"] }, ["pwd", "pop", "mfa"]],
    [
      "a passkey with user verification instead of the password",
      { amr: [...PASSKEY_SIGN_IN] },
      ["pop", "mfa"],
    ],
    // Interactions begun before the methods were recorded: read from the two times.
    ["older state, password alone", { passwordAt: at(1), secondFactorAt: at(1) }, ["pwd"]],
    [
      "older state, a second factor after it",
      { passwordAt: at(1), secondFactorAt: at(9) },
      ["pwd", "otp", "mfa"],
    ],
  ])("%s", (_, changes, expected) => {
    expect(amrOf(state(changes))).toEqual(expected);
  });

  it("says password when nothing was recorded (no state)", () => {
    expect(amrOf(undefined)).toEqual(["pwd"]);
  });
});

describe("withMethod", () => {
  it("adds a method once, after those proven before", () => {
    expect(withMethod(state({ amr: ["pwd"] }), "otp")).toEqual(["pwd", "otp"]);
    expect(withMethod(state({ amr: ["pwd", "otp"] }), "otp")).toEqual(["pwd", "otp"]);
    expect(withMethod(undefined, "pop")).toEqual(["pop"]);
  });
});
