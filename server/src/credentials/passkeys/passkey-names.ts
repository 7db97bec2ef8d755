import { unnamedPasskey } from "@portal/core";
import { parseUserAgent } from "../../activity/user-agent.js";
import aaguidList from "./aaguid-list.json";

/**
 * The names the list gives under another name here: Apple's passkeys are better known as
 * "iCloud Keychain" (the list says "Apple Passwords", Apple's name since 2024).
 */
const RENAMED: ReadonlyMap<string, string> = new Map([
  ["fbfc3007-154e-4ecc-8c0b-6e020557d7bd", "iCloud Keychain"],
]);

interface Provider {
  readonly name: string;
  /** A square SVG as a data: URI, for an <img> beside the name. */
  readonly icon?: string;
}

/**
 * Well-known passkey providers by the AAGUID their authenticator reports at registration,
 * from the community list github.com/passkeydeveloper/passkey-authenticator-aaguids
 * (aaguid.json), shipped as data (aaguid-list.json) and refreshed with
 * `node scripts/refresh-aaguids.mjs`. A Map: the key comes from the browser's answer.
 * Authenticators that report no AAGUID (all zeros, e.g. Safari's iCloud Keychain without
 * attestation) or one not listed are named after the browser instead.
 */
const PROVIDERS: ReadonlyMap<string, Provider> = new Map([
  ...Object.entries(aaguidList.providers as Record<string, Provider>).map(
    ([aaguid, provider]) =>
      [aaguid, { ...provider, name: RENAMED.get(aaguid) ?? provider.name }] as const,
  ),
  // Chromium's virtual authenticator (DevTools protocol, its fixed AAGUID), under what it
  // is: the browser journeys name a new passkey after it as after any listed provider.
  ["01020304-0506-0708-0102-030405060708", { name: "Chromium virtual authenticator" }],
]);

/** The icon of each provider name (a passkey keeps only its name: see {@link providerIcon}). */
const ICONS: ReadonlyMap<string, string> = new Map(
  [...PROVIDERS.values()].flatMap((p) => (p.icon ? [[p.name, p.icon] as const] : [])),
);

/**
 * The name of the passkey provider with this AAGUID, if it is a well-known one.
 *
 * @example
 * authenticatorName("ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4"); // "Google Password Manager"
 * authenticatorName("00000000-0000-0000-0000-000000000000"); // undefined
 */
export const authenticatorName = (aaguid: string | undefined): string | undefined =>
  aaguid ? PROVIDERS.get(aaguid.toLowerCase())?.name : undefined;

/**
 * The icon of a passkey named after its provider: found by the name, since a passkey keeps
 * no AAGUID (a column would need a migration), so one renamed shows none, and a passkey
 * named before this list (with the same name) gets its icon too.
 *
 * @example
 * providerIcon("1Password"); // "data:image/svg+xml;base64,..."
 * providerIcon("Laptop"); // undefined
 */
export const providerIcon = (name: string): string | undefined => ICONS.get(name);

/**
 * What a passkey left unnamed is stored as: the browser and system of the request without
 * words of any language (core's `unnamedPasskey`), named in the reader's language where
 * it is shown (passkeyLabel, provider/pages/passkey-labels.ts).
 *
 * @example
 * storedDefaultName("Mozilla/5.0 (X11; Linux x86_64) ... Chrome/131.0 Safari/537.36"); // "unnamed:Chrome:Linux"
 */
export const storedDefaultName = (userAgent: string | undefined): string => {
  const { browser, os } = parseUserAgent(userAgent);
  return unnamedPasskey(browser, os);
};
