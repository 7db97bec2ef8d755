// Apart from the schemas (privacy.ts): the web app's consent texts read the versions
// without loading effect's Schema.

/** The two consents of spec section 3: marketing and research (`consentRecherche`). */
export const CONSENT_KINDS = ["marketing", "recherche"] as const;
/**
 * Version of each consent's wording as the app shows it. Raise it whenever the text of
 * that consent changes in any language (a web test compares the texts' fingerprint), so
 * the history proves which wording a person agreed to. One text per consent and version,
 * shown alike at registration and on the profile (web: `common:Consents.{kind}.{version}`).
 * recherche 2026-02: the wording that registration (de, fr) and the profile had told
 * apart under 2026-01 made one.
 */
export const CONSENT_TEXT_VERSIONS = {
  marketing: "2026-01",
  recherche: "2026-02",
} as const satisfies Record<(typeof CONSENT_KINDS)[number], string>;
