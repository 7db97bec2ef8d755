import { unnamedPasskey, unnamedPasskeyParts } from "@portal/core";
import { parseUserAgent } from "../../activity/user-agent.js";
import { PASSKEY_TEXTS } from "../pages/passkey-texts.js";
import { format, type PageLanguage } from "../pages/texts.js";

/**
 * Names of well-known passkey providers by the AAGUID their authenticator reports at
 * registration, after the community list github.com/passkeydeveloper/passkey-authenticator-aaguids
 * (aaguid.json; names as listed there, its "Apple Passwords" under the better-known "iCloud
 * Keychain"). A Map: the key comes from the browser's answer.
 * Authenticators that report no AAGUID (all zeros, e.g. Safari's iCloud Keychain without
 * attestation) or one not listed here are named after the browser instead.
 */
const AUTHENTICATORS: ReadonlyMap<string, string> = new Map([
  ["ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4", "Google Password Manager"],
  ["adce0002-35bc-c60a-648b-0b25f1f05503", "Chrome on Mac"],
  ["b5397666-4885-aa6b-cebf-e52262a439a2", "Chromium Browser"],
  ["771b48fd-d3d4-4f74-9232-fc157ab0507a", "Edge on Mac"],
  ["08987058-cadc-4b81-b6e1-30de50dcbe96", "Windows Hello"],
  ["9ddd1817-af5a-4672-a2b9-3e3dd95000a9", "Windows Hello"],
  ["6028b017-b1d4-4c02-b4b3-afcdafc96bb2", "Windows Hello"],
  ["d3452668-01fd-4c12-926c-83a4204853aa", "Microsoft Password Manager"],
  ["fbfc3007-154e-4ecc-8c0b-6e020557d7bd", "iCloud Keychain"],
  ["dd4ec289-e01d-41c9-bb89-70fa845d4bf2", "iCloud Keychain (Managed)"],
  ["bada5566-a7aa-401f-bd96-45619a55120d", "1Password"],
  ["d548826e-79b4-db40-a3d8-11116f7e8349", "Bitwarden"],
  ["531126d6-e717-415c-9320-3d9aa6981239", "Dashlane"],
  ["b84e4048-15dc-4dd0-8640-f4f60813c8af", "NordPass"],
  ["0ea242b4-43c4-4a1b-8b17-dd6d0b6baec6", "Keeper"],
  ["b78a0a55-6ef8-d246-a042-ba0f6d55050c", "LastPass"],
  ["50726f74-6f6e-5061-7373-50726f746f6e", "Proton Pass"],
  ["fdb141b2-5d84-443e-8a35-4698c205a502", "KeePassXC"],
  ["f3809540-7f14-49c1-a8b3-8f813b225541", "Enpass"],
  ["53414d53-554e-4700-0000-000000000000", "Samsung Pass"],
]);

/**
 * The name of the passkey provider with this AAGUID, if it is a well-known one.
 *
 * @example
 * authenticatorName("ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4"); // "Google Password Manager"
 * authenticatorName("00000000-0000-0000-0000-000000000000"); // undefined
 */
export const authenticatorName = (aaguid: string | undefined): string | undefined =>
  aaguid ? AUTHENTICATORS.get(aaguid.toLowerCase()) : undefined;

/**
 * A name for a new passkey from the browser and system of the request ("Chrome on
 * Linux"), in the page's language; the plain word "Passkey" when neither is known.
 *
 * @example
 * browserPasskeyName("Mozilla/5.0 (X11; Linux x86_64) ... Chrome/131.0 Safari/537.36", "en");
 * // "Chrome on Linux"
 */
export const browserPasskeyName = (userAgent: string | undefined, language: PageLanguage) => {
  const t = PASSKEY_TEXTS[language];
  const { browser, os } = parseUserAgent(userAgent);
  if (browser === "Unknown") return t.defaultName;
  return os === "Unknown" ? browser : format(t.deviceName, { browser, os });
};

/**
 * What a passkey left unnamed is stored as: the browser and system of the request without
 * words of any language (core's `unnamedPasskey`), named in the reader's language where
 * it is shown ({@link passkeyLabel}).
 *
 * @example
 * storedDefaultName("Mozilla/5.0 (X11; Linux x86_64) ... Chrome/131.0 Safari/537.36"); // "unnamed:Chrome:Linux"
 */
export const storedDefaultName = (userAgent: string | undefined): string => {
  const { browser, os } = parseUserAgent(userAgent);
  return unnamedPasskey(browser, os);
};

/**
 * A passkey's name in `language`: the name somebody gave as it is; an unnamed one after
 * the browser and system it was made in ("Chrome unter Linux"), or the plain word.
 *
 * @example
 * passkeyLabel("unnamed:Chrome:Linux", "fr"); // "Chrome sous Linux"
 * passkeyLabel("Laptop", "fr"); // "Laptop"
 */
export const passkeyLabel = (name: string, language: PageLanguage): string => {
  const parts = unnamedPasskeyParts(name);
  if (parts === null) return name;
  const t = PASSKEY_TEXTS[language];
  if (!parts.browser) return t.defaultName;
  return parts.os ? format(t.deviceName, { browser: parts.browser, os: parts.os }) : parts.browser;
};
