import type { FastifyReply } from "fastify";
import {
  submitDeleteCredential,
  submitEmailOtp,
  submitRegisterPasskey,
  submitTotp,
} from "./action-steps.js";
import type { Flow } from "./flow.js";
import { cancelAction, proceed, showOtherAccount } from "./next-step.js";
import { submitPasskey } from "./passkey-login-steps.js";
import { submitPasskeyUpgrade } from "./passkey-upgrade.js";
import { resendOptIn, submitLogin } from "./password-steps.js";
import { submitReauth } from "./reauth-steps.js";
import { continueSignIn, submitRecoveryCode } from "./recovery-login-steps.js";
import { submitRecoveryCodesSetup } from "./recovery-setup-steps.js";
import { resendCode, submitOtp } from "./second-factor-steps.js";

/** One step of the sign-in pages: its request under `login-actions/{uid}` and its handler. */
export interface LoginStep {
  readonly method: "GET" | "POST";
  /** After `login-actions/{uid}`: "" for the interaction's own address. */
  readonly path: string;
  readonly step: (flow: Flow) => Promise<FastifyReply>;
}

/**
 * Every step of the sign-in pages (Keycloak's login actions), registered in one loop by
 * the provider's plugin. Each runs in an open interaction (flow.ts) and answers a page or
 * a redirect; the form posts count against the client's budget of sign-in forms.
 */
export const LOGIN_STEPS: readonly LoginStep[] = [
  // Where the interaction stands: the next page, or another account than the session's.
  { method: "GET", path: "", step: proceed },
  { method: "GET", path: "/login", step: showOtherAccount },
  // The password, and the opt-in mail again for an address not yet confirmed.
  { method: "POST", path: "/login", step: submitLogin },
  { method: "POST", path: "/resend-opt-in", step: resendOptIn },
  // The second factor: the app's or the mailed code.
  { method: "POST", path: "/otp", step: submitOtp },
  { method: "POST", path: "/otp/resend", step: resendCode },
  // A passkey, instead of the password or as the second factor; the offer of one after.
  { method: "POST", path: "/passkey", step: submitPasskey },
  { method: "POST", path: "/passkey-upgrade", step: submitPasskeyUpgrade },
  // Other ways in: a recovery code, then on past its warning.
  { method: "POST", path: "/recovery-code", step: submitRecoveryCode },
  { method: "POST", path: "/continue", step: continueSignIn },
  // Application-initiated actions: the password again, set up or remove a factor, cancel.
  { method: "POST", path: "/reauth", step: submitReauth },
  { method: "POST", path: "/totp", step: submitTotp },
  { method: "POST", path: "/email-otp", step: submitEmailOtp },
  { method: "POST", path: "/webauthn-register", step: submitRegisterPasskey },
  { method: "POST", path: "/recovery-codes", step: submitRecoveryCodesSetup },
  { method: "POST", path: "/delete-credential", step: submitDeleteCredential },
  { method: "POST", path: "/cancel", step: cancelAction },
];
