import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONSENT_KINDS, CONSENT_TEXT_VERSIONS, type ConsentKind } from "@portal/contracts";
import { loadTexts } from "@portal/core";
import { describe, expect, it } from "vitest";

// The consent history proves which wording a person agreed to by its `textVersion`
// (contracts' CONSENT_TEXT_VERSIONS). So the wording shown at registration and on the
// profile must not change in any language without a new version: each version's texts are
// fingerprinted in consent-text-versions.json (one entry per version, never edited once
// released), and this test fails when today's texts do not match the current version's.

const LANGUAGES = ["de", "en", "fr"] as const;
type Language = (typeof LANGUAGES)[number];
type Catalogue = { readonly [key: string]: string | Catalogue };

// The words the app shows, from core's one catalogue, as the app loads them.
const common = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (lng) => [lng, await loadTexts(lng, "common")])),
) as Record<Language, Catalogue>;
const catalogue = (lng: Language): Catalogue => common[lng];
const text = (c: Catalogue, path: string): string => {
  const value = path
    .split(".")
    .reduce<string | Catalogue | undefined>(
      (node, key) => (typeof node === "object" ? node[key] : undefined),
      c,
    );
  if (typeof value !== "string") throw new Error(`no text at ${path}`);
  return value;
};

/**
 * Each consent's wording in its current version: one catalogue key, the one the
 * registration form and the profile both show (`consentTextKey`).
 */
const textsOf = (kind: ConsentKind): Texts =>
  Object.fromEntries(
    LANGUAGES.map((lng) => {
      const shown = text(catalogue(lng), `Consents.${kind}.${CONSENT_TEXT_VERSIONS[kind]}`);
      // Fingerprinted as the wording at registration and on the profile (the form of the
      // released records): one text stands in both places.
      return [lng, { registration: shown, profile: shown }];
    }),
  ) as Texts;

type Texts = Record<Language, { registration: string; profile: string }>;

/** SHA-256 of one language's wording at both places, as hex. */
const fingerprint = (shown: { registration: string; profile: string }): string =>
  createHash("sha256")
    .update(JSON.stringify([shown.registration, shown.profile]))
    .digest("hex");

const fingerprints = (texts: Texts): Record<Language, string> =>
  Object.fromEntries(LANGUAGES.map((lng) => [lng, fingerprint(texts[lng])])) as Record<
    Language,
    string
  >;

/** Each kind's released versions with their fingerprints per language. */
const record = JSON.parse(
  readFileSync(join(import.meta.dirname, "consent-text-versions.json"), "utf8"),
) as Partial<Record<ConsentKind, Record<string, Record<Language, string> | undefined>>>;

describe("consent texts and CONSENT_TEXT_VERSIONS", () => {
  it.each(CONSENT_KINDS)(
    "%s: the texts shown in de, en and fr are the ones of its current text version",
    (kind) => {
      const version = CONSENT_TEXT_VERSIONS[kind];
      const now = fingerprints(textsOf(kind));
      const stored = record[kind]?.[version];
      const fix =
        `The ${kind} consent's wording changed: raise CONSENT_TEXT_VERSIONS.${kind} in ` +
        `contracts/src/privacy.ts and add under "${kind}" in ` +
        `web/src/features/account/profile/consent-text-versions.json the new version with ` +
        JSON.stringify(now);
      expect(stored, fix).toBeDefined();
      for (const lng of LANGUAGES) expect(now[lng], `${lng}: ${fix}`).toBe(stored?.[lng]);
    },
  );

  it("tells a changed word in one language apart (the check above would fail)", () => {
    const texts = textsOf("marketing");
    const changed: Texts = {
      ...texts,
      fr: { ...texts.fr, profile: `${texts.fr.profile} ` },
    };
    const before = fingerprints(texts);
    const after = fingerprints(changed);
    expect(after.fr).not.toBe(before.fr);
    expect(after.de).toBe(before.de);
    expect(after.en).toBe(before.en);
  });

  it("keeps released versions: every kind's versions have distinct fingerprints", () => {
    for (const kind of CONSENT_KINDS) {
      const versions = Object.values(record[kind] ?? {}).map((v) => JSON.stringify(v));
      expect(new Set(versions).size, kind).toBe(versions.length);
    }
  });
});
