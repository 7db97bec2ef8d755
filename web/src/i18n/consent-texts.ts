import { CONSENT_TEXT_VERSIONS, type ConsentKind } from "@portal/contracts";

/**
 * The catalogue key of a consent's text in its current version: one text per consent and
 * version, the same key wherever the consent is asked (registration, profile), so the
 * text version the history records names exactly the words the person saw.
 *
 * @example
 * t(consentTextKey("marketing")); // common:Consents.marketing.2026-01
 */
export const consentTextKey = (kind: ConsentKind): string =>
  `common:Consents.${kind}.${CONSENT_TEXT_VERSIONS[kind]}`;
