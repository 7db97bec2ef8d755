import { unnamedPasskeyParts } from "@portal/core";
import { parseUserAgent } from "../../activity/user-agent.js";
import { type PageLanguage, providerText, providerTexts } from "./texts.js";

// A passkey's name in the words of the page: the credentials store names without words of
// any language (credentials/passkeys/passkey-names.ts), the provider's pages say them.

/**
 * A name for a new passkey from the browser and system of the request ("Chrome on
 * Linux"), in the page's language; the plain word "Passkey" when neither is known.
 *
 * @example
 * browserPasskeyName("Mozilla/5.0 (X11; Linux x86_64) ... Chrome/131.0 Safari/537.36", "en");
 * // "Chrome on Linux"
 */
export const browserPasskeyName = (userAgent: string | undefined, language: PageLanguage) => {
  const t = providerTexts(language, "passkey");
  const { browser, os } = parseUserAgent(userAgent);
  if (browser === "Unknown") return t.defaultName;
  return os === "Unknown" ? browser : providerText(language, "passkey.deviceName", { browser, os });
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
  const t = providerTexts(language, "passkey");
  if (!parts.browser) return t.defaultName;
  return parts.os
    ? providerText(language, "passkey.deviceName", { browser: parts.browser, os: parts.os })
    : parts.browser;
};
