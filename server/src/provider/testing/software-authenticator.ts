import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A platform authenticator in software for the provider's tests: it creates P-256 keys,
// answers registration with "none" attestation and sign-in with a real signature and a
// counter, as a browser with a passkey would post it (the JSON of SimpleWebAuthn's
// startRegistration / startAuthentication). Nothing in it is checked by itself: the
// provider's verification is what is under test.

const b64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

interface StoredKey {
  readonly id: string;
  readonly privateKey: KeyObject;
  readonly userHandle: string;
  counter: number;
}

/** The options a page offers (the `data-webauthn-options` of its form), as far as read here. */
export interface OfferedOptions {
  readonly challenge: string;
  readonly rp?: { readonly id?: string };
  readonly rpId?: string;
  readonly user?: { readonly id: string };
  readonly allowCredentials?: ReadonlyArray<{ readonly id: string }>;
}

/** The WebAuthn options embedded in a provider page's passkey form `formId`. */
export const offeredOptions = (page: string, formId: string): OfferedOptions => {
  const match = new RegExp(`<form id="${formId}"[^>]*data-webauthn-options="([^"]+)"`).exec(page);
  if (!match?.[1]) throw new Error(`no passkey form #${formId} in page:\n${page.slice(0, 2000)}`);
  return JSON.parse(
    match[1]
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  ) as OfferedOptions;
};

export class SoftwareAuthenticator {
  readonly #keys: StoredKey[] = [];

  constructor(
    readonly origin: string,
    readonly rpId: string = new URL(origin).hostname,
  ) {}

  /** The ids of the credentials it holds. */
  get credentialIds(): string[] {
    return this.#keys.map((k) => k.id);
  }

  /**
   * Answers `navigator.credentials.create` for `options` (user verified unless told), as
   * the authenticator model `aaguid` (all zeros unless told, as many report it).
   */
  create(
    options: OfferedOptions,
    {
      userVerified = true,
      origin = this.origin,
      aaguid = "00000000-0000-0000-0000-000000000000",
    } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
    ]);
    const rawId = randomBytes(16);
    const flags = 0x01 | (userVerified ? 0x04 : 0) | 0x40;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([flags]),
      u32(0),
      Buffer.from(aaguid.replace(/-/g, ""), "hex"),
      length,
      rawId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    const clientData = JSON.stringify({
      type: "webauthn.create",
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    const id = b64url(rawId);
    this.#keys.push({ id, privateKey, userHandle: options.user?.id ?? "", counter: 0 });
    return {
      id,
      rawId: id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestation),
        transports: ["internal"],
      },
    };
  }

  /**
   * Answers `navigator.credentials.get` for `options` with its first fitting credential
   * (or `credentialId`); the counter goes up by one unless `counter` is given.
   */
  get(
    options: OfferedOptions,
    {
      credentialId,
      counter,
      userVerified = true,
    }: { credentialId?: string; counter?: number; userVerified?: boolean } = {},
  ) {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const key = this.#keys.find(
      (k) =>
        (credentialId ? k.id === credentialId : true) &&
        (!allowed?.length || allowed.includes(k.id)),
    );
    if (!key) throw new Error("no fitting credential");
    key.counter = counter ?? key.counter + 1;
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([0x01 | (userVerified ? 0x04 : 0)]),
      u32(key.counter),
    ]);
    const clientData = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: this.origin }),
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), key.privateKey);
    return {
      id: key.id,
      rawId: key.id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
    };
  }
}
