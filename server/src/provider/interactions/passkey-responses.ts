import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

// The browser's answer arrives as JSON in a form field: anything posted there is read
// only when it has the shape SimpleWebAuthn expects (strings where it reads strings), so
// a hostile post gets the normal refusal, never an exception deep in the library.

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const isB64 = (value: unknown, max = 16_384): value is string =>
  typeof value === "string" && value.length <= max && BASE64URL.test(value);

const parse = (raw: string): Record<string, unknown> | undefined => {
  if (raw === "" || raw.length > 16_384) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

const common = (value: Record<string, unknown>): Record<string, unknown> | undefined => {
  if (!isB64(value.id, 1_024) || !value.id || value.rawId !== value.id) return undefined;
  if (value.type !== "public-key") return undefined;
  const inner = value.response;
  if (!inner || typeof inner !== "object" || Array.isArray(inner)) return undefined;
  const response = inner as Record<string, unknown>;
  return isB64(response.clientDataJSON) ? response : undefined;
};

/**
 * A sign-in answer (`startAuthentication`), or undefined.
 *
 * @example
 * parseAuthenticationResponse("{}"); // undefined
 */
export const parseAuthenticationResponse = (
  raw: string,
): AuthenticationResponseJSON | undefined => {
  const value = parse(raw);
  const response = value ? common(value) : undefined;
  if (!value || !response) return undefined;
  if (!isB64(response.authenticatorData) || !isB64(response.signature)) return undefined;
  if (response.userHandle !== undefined && !isB64(response.userHandle, 256)) return undefined;
  return {
    id: value.id as string,
    rawId: value.rawId as string,
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: response.clientDataJSON as string,
      authenticatorData: response.authenticatorData as string,
      signature: response.signature as string,
      ...(response.userHandle ? { userHandle: response.userHandle as string } : {}),
    },
  };
};

const TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

/** A registration answer (`startRegistration`), or undefined. */
export const parseRegistrationResponse = (raw: string): RegistrationResponseJSON | undefined => {
  const value = parse(raw);
  const response = value ? common(value) : undefined;
  if (!value || !response || !isB64(response.attestationObject)) return undefined;
  const transports = Array.isArray(response.transports)
    ? response.transports.filter((t): t is string => typeof t === "string" && TRANSPORTS.has(t))
    : [];
  return {
    id: value.id as string,
    rawId: value.rawId as string,
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: response.clientDataJSON as string,
      attestationObject: response.attestationObject as string,
      transports: transports as NonNullable<RegistrationResponseJSON["response"]["transports"]>,
    },
  };
};
