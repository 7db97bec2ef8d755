import * as Schema from "effect/Schema";
import { SingleLineText } from "./text-fields.js";

/** Longest name of a passkey, in characters. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

/**
 * A passkey of the signed-in person, as listed by `GET /persons/me/passkeys`: its name,
 * whether it signs in without a password (else it is a second factor), when it was
 * created and last used (ISO 8601; null: never used).
 *
 * @example
 * const p: Passkey = {
 *   id: "7f0c…", name: "Laptop", passwordless: true,
 *   createdAt: "2026-05-01T10:00:00.000Z", lastUsedAt: null,
 * };
 */
export const Passkey = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  passwordless: Schema.Boolean,
  createdAt: Schema.String,
  lastUsedAt: Schema.NullOr(Schema.String),
  /**
   * The authenticator's credential id (base64url), which the WebAuthn Signal API names
   * (`signalUnknownCredential` after a removal). Absent where the list does not know it.
   */
  credentialId: Schema.optionalKey(Schema.String),
  /**
   * The provider's icon (a square SVG as a `data:` URI) of a passkey named after its
   * provider ("1Password"), from the community AAGUID list; absent otherwise.
   */
  icon: Schema.optionalKey(Schema.String),
});
export type Passkey = typeof Passkey.Type;

export const Passkeys = Schema.Array(Passkey);
export type Passkeys = typeof Passkeys.Type;

/** `PATCH /persons/me/passkeys/{passkeyId}` body: the new name (one line, not blank). */
export const RenamePasskeyRequest = Schema.Struct({
  name: SingleLineText(PASSKEY_NAME_MAX_LENGTH, {
    tooLong: "INVALID_REQUEST",
    invalid: "INVALID_CHARACTERS",
  }),
});
export type RenamePasskeyRequest = typeof RenamePasskeyRequest.Type;

/**
 * What the web app tells the browser's passkey provider
 * through the WebAuthn Signal API (issue 49), so password managers stop offering passkeys
 * the portal removed and show the person's current address and name: the relying party,
 * the user handle (base64url) and the ids of every passkey that signs in. Not given where
 * the portal does not hold the passkeys (signing in through Keycloak): an empty list would
 * tell the manager to hide every one of them.
 *
 * @example
 * const s: PasskeySignals = {
 *   rpId: "portal.example", userId: "C2wtnloPTB6dKz9KW2x9jg", name: "erika@example.de",
 *   displayName: "Erika Muster", credentialIds: ["KEbWNCc7NgaYnUyrNeFGX9_3Y-8"],
 * };
 */
export const PasskeySignals = Schema.Struct({
  rpId: Schema.String,
  userId: Schema.String,
  name: Schema.String,
  displayName: Schema.String,
  credentialIds: Schema.Array(Schema.String),
});
export type PasskeySignals = typeof PasskeySignals.Type;

/** The answer of `GET /persons/me/passkey-signals`: `signals` null in Keycloak mode. */
export const PasskeySignalsAnswer = Schema.Struct({ signals: Schema.NullOr(PasskeySignals) });
export type PasskeySignalsAnswer = typeof PasskeySignalsAnswer.Type;

/**
 * `GET` and `PUT /persons/me/passkey-upgrade`: whether a password sign-in, in a browser
 * that can create a passkey without a dialog, ends with one (issue 49's automatic upgrade).
 * On unless the person turned it off; it has no effect where Keycloak signs people in.
 *
 * @example
 * const off: PasskeyUpgradeSetting = { enabled: false };
 */
export const PasskeyUpgradeSetting = Schema.Struct({ enabled: Schema.Boolean });
export type PasskeyUpgradeSetting = typeof PasskeyUpgradeSetting.Type;

/** Keycloak's application-initiated actions that register a passkey. */
export const PASSKEY_ACTIONS = {
  /** A discoverable passkey that signs in without a password. */
  passwordless: "webauthn-register-passwordless",
  /** A passkey asked for after the password, as the second factor. */
  secondFactor: "webauthn-register",
} as const;
