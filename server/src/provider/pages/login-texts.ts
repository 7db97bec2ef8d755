import type { Catalogue } from "@portal/core/texts";

/**
 * Every text of the provider's pages but the feature sections (copy, other way, passkey,
 * recovery): the `page` section of core's `provider` namespace; `{{name}}` marks a parameter.
 */
export type LoginTexts = Catalogue["provider"]["page"];
