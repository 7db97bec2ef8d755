import type { Catalogue } from "@portal/core/texts";
import { type PageLanguage, providerTexts } from "./texts.js";

/**
 * The texts of the passkey parts of the provider's pages: the `passkey` section of core's `provider` namespace
 * (core/src/texts/<lng>/provider.json); `{{name}}` marks a parameter.
 */
export type PasskeyTexts = Catalogue["provider"]["passkey"];

export const PASSKEY_TEXTS: Readonly<Record<PageLanguage, PasskeyTexts>> = providerTexts("passkey");
