import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// One term per concept per language, across every surface that shows words: the web app's
// catalogues, the identity provider's pages, the mails and the CLI (issue 15, "Words").
const repo = join(import.meta.dirname, "..", "..");
const read = (...path: string[]) => readFileSync(join(repo, ...path), "utf8");
const LANGUAGES = ["de", "en", "fr"] as const;
type Language = (typeof LANGUAGES)[number];

type Catalogue = { readonly [key: string]: string | Catalogue };
const webCatalogue = (lng: Language, ns: string): Catalogue =>
  JSON.parse(read("web", "src", "locales", lng, `${ns}.json`)) as Catalogue;

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

const webTexts = (lng: Language): Array<[string, string]> =>
  readdirSync(join(repo, "web", "src", "locales", lng)).flatMap((file) =>
    entries(webCatalogue(lng, file.replace(/\.json$/, "")), `web/${lng}/${file}:`),
  );

/** Core's catalogues (errors, shared messages), read by the web app, the CLI, the provider's pages and the mails. */
const sharedTexts = (lng: Language): Array<[string, string]> =>
  readdirSync(join(repo, "core", "src", "texts", lng)).flatMap((file) =>
    entries(
      JSON.parse(read("core", "src", "texts", lng, file)) as Catalogue,
      `core/${lng}/${file}:`,
    ),
  );

/** The source files whose string literals are user-visible texts of one language. */
const sourceTexts = (lng: Language): Array<[string, string]> => {
  const files = [
    `server/src/identity/pages/texts-${lng}.ts`,
    `cli/src/locales/${lng}.ts`,
    `cli/src/locales/help.${lng}.ts`,
  ];
  // The values of `key: "text"` entries; command names in backticks (`portal login`) are
  // not words of the language.
  return files.flatMap((f) =>
    [...read(...f.split("/")).matchAll(/:\s*"((?:[^"\\]|\\.)*)"/g)].map(
      ([, text]) => [f, (text ?? "").replace(/`[^`]*`/g, "")] as [string, string],
    ),
  );
};

/** The texts of one language of every mail template (the `lng: (...) => ({...})` block). */
const mailTexts = (lng: Language): Array<[string, string]> => {
  const dir = join("server", "src", "mail", "templates");
  return readdirSync(join(repo, dir))
    .filter((f) => f !== "index.ts" && !f.endsWith(".test.ts"))
    .map((f) => {
      const source = read(dir, f);
      // A template's `lng: (...) => ({...})` block, or a per-language table of words
      // (`lng: {...}` or `lng: [...]`) that a shared body reads (the security alerts).
      const block =
        new RegExp(`\\n  ${lng}: [\\s\\S]*?\\n  \\}\\),`).exec(source)?.[0] ??
        new RegExp(`\\n {2,4}${lng}: [\\[{][\\s\\S]*?\\n {2,4}[\\]}],`).exec(source)?.[0];
      if (!block) throw new Error(`${f} has no ${lng} mail`);
      return [`${dir}/${f}:${lng}`, block.replace(/\$\{[^}]*\}|\\n/g, " ")] as [string, string];
    });
};

const allTexts = (lng: Language) => [
  ...webTexts(lng),
  ...sharedTexts(lng),
  ...sourceTexts(lng),
  ...mailTexts(lng),
];

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
    const registration = webCatalogue(lng, "public");
    const profile = webCatalogue(lng, "account");
    for (const title of ["DR", "PROF"]) {
      expect(at(registration, `register.titles.${title}`, lng), title).toBe(
        at(profile, `Profile.Fields.Titles.${title}`, lng),
      );
    }
  });

  it.each(LANGUAGES)("%s: registration and profile name the name fields alike", (lng) => {
    // Registration labels its fields with the validation catalogue's field names.
    const fields = webCatalogue(lng, "validation");
    const profile = webCatalogue(lng, "account");
    expect(at(fields, "Fields.givenName", lng)).toBe(at(profile, "Profile.Fields.GivenName", lng));
    expect(at(fields, "Fields.surName", lng)).toBe(at(profile, "Profile.Fields.SurName", lng));
    expect(at(fields, "Fields.surname", lng)).toBe(at(profile, "Profile.Fields.SurName", lng));
  });

  it("French badges agree with their nouns: l'application (feminine), les codes (plural)", () => {
    const security = webCatalogue("fr", "account");
    expect(at(security, "Security.App.Title", "fr")).toMatch(/^Application\b/);
    expect(at(security, "Security.App.Recommended", "fr")).toMatch(/e$/);
    expect(at(security, "Security.App.Active", "fr")).toMatch(/e$/);
    expect(at(security, "Security.Email.Title", "fr")).toMatch(/^Codes\b/);
    expect(at(security, "Security.Email.LessSecure", "fr")).toMatch(/s$/);
    expect(at(security, "Security.Email.Active", "fr")).toMatch(/s$/);
  });
});
