import type { LoginState } from "./login-state.js";

/**
 * RFC 8176 authentication method references, as the ID token's `amr` names them: the
 * password ("pwd"), a one-time code ("otp": authenticator app, mailed code or recovery
 * code), proof of possession of a key ("pop": a passkey; "hwk" would claim hardware, which
 * a synced passkey is not), and "mfa" when more than one factor was proven.
 */
export type AuthMethod = "pwd" | "otp" | "pop" | "mfa";

/** The methods proven so far plus `method`, each once, in the order they were proven. */
export const withMethod = (state: LoginState | undefined, method: AuthMethod): AuthMethod[] => {
  const proven = (state?.amr ?? []) as AuthMethod[];
  return proven.includes(method) ? [...proven] : [...proven, method];
};

/**
 * A passkey in place of the password: the sign-in requires user verification (the
 * authenticator's PIN or biometric on top of the key it holds), so it is two factors.
 */
export const PASSKEY_SIGN_IN: readonly AuthMethod[] = ["pop", "mfa"];

/**
 * The `amr` of the sign-in this interaction ends with: the proven methods, with "mfa"
 * added when two factors were proven. An interaction begun before the methods were
 * recorded is read from its two times (a second factor after the password: a code).
 */
export const amrOf = (state: LoginState | undefined): AuthMethod[] => {
  const proven: AuthMethod[] =
    (state?.amr as AuthMethod[] | null | undefined) ??
    (state?.secondFactorAt && state.passwordAt && state.secondFactorAt > state.passwordAt
      ? ["pwd", "otp"]
      : ["pwd"]);
  const factors = proven.filter((m) => m !== "mfa").length;
  return factors > 1 && !proven.includes("mfa") ? [...proven, "mfa"] : [...proven];
};
