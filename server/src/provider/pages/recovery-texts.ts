import type { Catalogue } from "@portal/core/texts";
import { type PageLanguage, providerTexts } from "./texts.js";

/**
 * The provider pages' texts about recovery codes: the `recovery` section of core's `provider` namespace
 * (core/src/texts/<lng>/provider.json); `{{name}}` marks a parameter.
 */
export type RecoveryTexts = Catalogue["provider"]["recovery"];

const TEXTS = providerTexts("recovery");

/** The recovery-code texts of one language. */
export const recoveryTexts = (language: PageLanguage): RecoveryTexts => TEXTS[language];
