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

/** Keycloak's application-initiated actions that register a passkey. */
export const PASSKEY_ACTIONS = {
  /** A discoverable passkey that signs in without a password. */
  passwordless: "webauthn-register-passwordless",
  /** A passkey asked for after the password, as the second factor. */
  secondFactor: "webauthn-register",
} as const;
