import type { Catalogue } from "@portal/core/texts";
import { type PageLanguage, providerTexts } from "./texts.js";

/**
 * The texts of the set-up pages' helpers (copying the authenticator key or the recovery
 * codes, opening the key in an authenticator app): the `copy` section of core's `provider` namespace
 * (core/src/texts/<lng>/provider.json); `{{name}}` marks a parameter.
 */
export type CopyTexts = Catalogue["provider"]["copy"];

export const COPY_TEXTS: Readonly<Record<PageLanguage, CopyTexts>> = providerTexts("copy");
