// The person's credentials, the one entry for the rest of the server (dependency-cruiser's
// credentials-entered-by-its-index): passkeys, recovery codes, authenticator apps (TOTP),
// remembered devices, brute-force counters and the factors "This wasn't me" suspended, with
// their /persons/me routes. It imports nothing of the sign-in provider, which builds on it.

export { useTotpCode } from "./authenticator-app.js";
export {
  type Attempt,
  attemptOf,
  FREE_FAILURES,
  recordSuccess,
  reservationClause,
  reserveAttempt,
  subjectOf,
  waitAfterFailures,
} from "./brute-force.js";
export { credentialsPlugin } from "./credential-routes.js";
export {
  onPasskeyAdded,
  onPasskeyRemoved,
  type PasskeyEventContext,
} from "./passkeys/passkey-events.js";
export { authenticatorName, storedDefaultName } from "./passkeys/passkey-names.js";
export {
  cleanPasskeyName,
  hasSecondFactorPasskey,
  passkeyByCredentialId,
  passkeysInUse,
  passkeysOf,
  recordPasskeyUse,
  removePasskey,
} from "./passkeys/passkey-store.js";
export { passkeyDisplayName, passkeyUserHandle } from "./passkeys/passkey-user.js";
export { type RelyingParty, relyingParty } from "./passkeys/relying-party.js";
export { createPortalFactors } from "./portal-factors.js";
export {
  onRecoveryCodesRegenerated,
  onRecoveryCodeUsed,
} from "./recovery-codes/recovery-code-events.js";
export {
  forgetRecoveryCodes,
  newRecoveryCodeSet,
  normalizeRecoveryCode,
  recoveryCodeHash,
  recoveryCodeStatus,
  replaceRecoveryCodes,
  useRecoveryCode,
} from "./recovery-codes/recovery-codes.js";
export {
  allRememberedDevicesOf,
  isRememberToken,
  purgeExpiredRememberedDevices,
  REMEMBER_DEVICE_SECONDS,
  rememberDevice,
  rememberedDeviceIdOf,
  revokeRememberedDevices,
  useRememberedDevice,
} from "./remembered-devices/remembered-devices.js";
export {
  factorOrigin,
  hasSuspendedFactor,
  suspendedFactorsOf,
  suspendFactors,
} from "./suspended-factors/suspended-factors.js";
export {
  acceptedStep,
  groupSecret,
  newEmailCode,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
} from "./totp.js";
