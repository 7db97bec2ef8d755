import type { Catalogue } from "@portal/core/texts";
import { type PageLanguage, providerTexts } from "./texts.js";

/**
 * The texts of the second-factor step's "try another way" section: the `otherWay` section of core's `provider` namespace
 * (core/src/texts/<lng>/provider.json); `{{name}}` marks a parameter.
 */
export type OtherWayTexts = Catalogue["provider"]["otherWay"];

export const OTHER_WAY_TEXTS: Readonly<Record<PageLanguage, OtherWayTexts>> =
  providerTexts("otherWay");
