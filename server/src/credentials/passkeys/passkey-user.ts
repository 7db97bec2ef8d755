import { isoBase64URL } from "@simplewebauthn/server/helpers";

// Who a passkey belongs to in the browser's password manager: the WebAuthn user of every
// registration, and what the Signal API tells the manager later (signalCurrentUserDetails,
// signalAllAcceptedCredentials), so both always say the same.

/**
 * The user handle: the person's id as its 16 bytes. Opaque (no address or name), stable,
 * the same for every passkey of the person.
 *
 * @example
 * passkeyUserHandle("0b6c2d9e-5a0f-4c1e-9d2b-3f4a5b6c7d8e").length; // 16
 */
export const passkeyUserHandle = (personId: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(personId.replace(/-/g, ""), "hex"));

/** The user handle as the browser's APIs take it: base64url. */
export const passkeyUserId = (personId: string): string =>
  isoBase64URL.fromBuffer(passkeyUserHandle(personId));

/**
 * The name a password manager shows for the person's passkeys under the address (WebAuthn's
 * `user.displayName`): given and family name, or the address when both are empty.
 *
 * @example
 * passkeyDisplayName({ givenName: "Erika", surName: "Muster", email: "e@example.de" }); // "Erika Muster"
 */
export const passkeyDisplayName = (person: {
  readonly givenName: string;
  readonly surName: string;
  readonly email: string;
}): string => `${person.givenName} ${person.surName}`.trim() || person.email;
