import type { LoginState } from "./login-state.js";

/** A login state for unit tests: nobody signed in yet, nothing pending, `changes` on top. */
export const loginStateOf = (changes: Partial<LoginState> = {}): LoginState => ({
  interactionHash: "h",
  personId: "p",
  passwordAt: null,
  secondFactorAt: null,
  amr: null,
  secondFactorRemembered: false,
  emailCodeHash: null,
  emailCodeExpiresAt: null,
  emailCodeTries: 0,
  pendingTotpSecret: null,
  pendingRecoveryCodeHashes: null,
  expiresAt: new Date(Date.now() + 600_000),
  ...changes,
});
