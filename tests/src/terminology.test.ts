import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// One term per concept per language, across every surface that shows words: the web app, the
// identity provider's pages, the mails and the CLI all read core's one catalogue
// (core/src/texts/<lng>/<ns>.json; issue 15, "Words"; issue 33).
const repo = join(import.meta.dirname, "..", "..");
const read = (...path: string[]) => readFileSync(join(repo, ...path), "utf8");
const LANGUAGES = ["de", "en", "fr"] as const;
type Language = (typeof LANGUAGES)[number];

type Catalogue = { readonly [key: string]: string | Catalogue };
const catalogueOf = (lng: Language, ns: string): Catalogue =>
  JSON.parse(read("core", "src", "texts", lng, `${ns}.json`)) as Catalogue;

/** Every string value of a catalogue, with its dotted key. */
function entries(catalogue: Catalogue, prefix = ""): Array<[string, string]> {
  return Object.entries(catalogue).flatMap(([k, v]) =>
    typeof v === "string"
      ? [[`${prefix}${k}`, v] as [string, string]]
      : entries(v, `${prefix}${k}.`),
  );
}

/** Core's shared messages, which the app's catalogues nest as `$t(shared:Key)`. */
const coreShared = (lng: Language): Catalogue =>
  JSON.parse(read("core", "src", "texts", lng, "shared.json")) as Catalogue;

function at(catalogue: Catalogue, path: string, lng?: Language): string {
  const value = path
    .split(".")
    .reduce<string | Catalogue | undefined>(
      (node, key) => (typeof node === "object" ? node[key] : undefined),
      catalogue,
    );
  if (typeof value !== "string") throw new Error(`no text at ${path}`);
  const nested = /^\$t\(shared:([\w.]+)\)$/.exec(value)?.[1];
  if (nested === undefined) return value;
  if (lng === undefined) throw new Error(`${path} nests shared:${nested}: pass its language`);
  return at(coreShared(lng), nested);
}

/** Every text of one language: each namespace of the catalogue, whichever surface reads it. */
const allTexts = (lng: Language): Array<[string, string]> =>
  readdirSync(join(repo, "core", "src", "texts", lng)).flatMap((file) =>
    entries(catalogueOf(lng, file.replace(/\.json$/, "")), `core/${lng}/${file}:`).map(
      // Command names in backticks (`portal login`) are not words of the language.
      ([where, text]) => [where, text.replace(/`[^`]*`/g, "")] as [string, string],
    ),
  );

const offenders = (texts: Array<[string, string]>, pattern: RegExp) =>
  texts
    .filter(([, text]) => pattern.test(text))
    .map(([where, text]) => `${where}: ${text.match(pattern)?.[0]}`);

describe("terminology: one term per concept per language", () => {
  it("English says 'sign in' and 'sign out', never 'log in', 'log out' or 'login'", () => {
    expect(offenders(allTexts("en"), /\blog(?:ged)?[ -]?(?:in|out)\b|\blogin\b/i)).toEqual([]);
    expect(offenders(allTexts("en"), /\bsign(?:ed)?[ -]?in\b/i).length).toBeGreaterThan(0);
  });

  it("German says 'anmelden' and 'abmelden', never 'einloggen', 'ausloggen' or 'Login'", () => {
    expect(offenders(allTexts("de"), /\b(?:ein|aus)logg|\blog(?:in|out)\b/i)).toEqual([]);
  });

  it("French says 'se connecter' and 'se déconnecter', never 's'identifier' or 'login'", () => {
    expect(offenders(allTexts("fr"), /s'identifier|\blog(?:in|out)\b/i)).toEqual([]);
  });

  it.each(LANGUAGES)("%s: registration and profile abbreviate the titles alike", (lng) => {
    const registration = catalogueOf(lng, "public");
    const profile = catalogueOf(lng, "account");
    for (const title of ["DR", "PROF"]) {
      expect(at(registration, `register.titles.${title}`, lng), title).toBe(
        at(profile, `Profile.Fields.Titles.${title}`, lng),
      );
    }
  });

  it.each(LANGUAGES)("%s: registration and profile name the name fields alike", (lng) => {
    // Registration labels its fields with the validation catalogue's field names.
    const fields = catalogueOf(lng, "validation");
    const profile = catalogueOf(lng, "account");
    expect(at(fields, "Fields.givenName", lng)).toBe(at(profile, "Profile.Fields.GivenName", lng));
    expect(at(fields, "Fields.surName", lng)).toBe(at(profile, "Profile.Fields.SurName", lng));
    expect(at(fields, "Fields.surname", lng)).toBe(at(profile, "Profile.Fields.SurName", lng));
  });

  it("French badges agree with their nouns: l'application (feminine), les codes (plural)", () => {
    const security = catalogueOf("fr", "account");
    expect(at(security, "Security.App.Title", "fr")).toMatch(/^Application\b/);
    expect(at(security, "Security.App.Recommended", "fr")).toMatch(/e$/);
    expect(at(security, "Security.App.Active", "fr")).toMatch(/e$/);
    expect(at(security, "Security.Email.Title", "fr")).toMatch(/^Codes\b/);
    expect(at(security, "Security.Email.LessSecure", "fr")).toMatch(/s$/);
    expect(at(security, "Security.Email.Active", "fr")).toMatch(/s$/);
  });
});
