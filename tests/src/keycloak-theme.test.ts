import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LANGUAGE_KEY_PAUSE_MS } from "@portal/core";
import { afterAll, describe, expect, it } from "vitest";

// The Keycloak login theme (keycloak/themes/portal, issue 47 item 4): its words come from the
// catalogue through keycloak/theme-messages.mjs, its stylesheet from the web app's, both
// written by scripts/keycloak-theme.mjs when scripts/keycloak.sh installs the theme. No
// Keycloak needed here: tests/e2e-keycloak/theme.spec.ts looks at the pages themselves.
const repo = join(import.meta.dirname, "..", "..");
const THEME = join(repo, "keycloak", "themes", "portal", "login");

interface ThemeScript {
  readonly THEME_LANGUAGES: readonly string[];
  readonly catalogueText: (lng: string, ref: string) => string;
  readonly propertiesFile: (lng: string) => string;
  readonly writeTheme: (dir: string, env?: Record<string, string>) => string;
  readonly supportContact: (env: Record<string, string>) => Record<string, string | undefined>;
}
type Entry = string | { readonly text: string; readonly args: readonly string[] };
const script = (await import(
  pathToFileURL(join(repo, "scripts", "keycloak-theme.mjs")).href
)) as ThemeScript;
const { THEME_MESSAGES } = (await import(
  pathToFileURL(join(repo, "keycloak", "theme-messages.mjs")).href
)) as { THEME_MESSAGES: Readonly<Record<string, Entry>> };

/** java.util.Properties' reading of `key=value` lines: \uXXXX and \\ undone. */
const readProperties = (text: string): Map<string, string> =>
  new Map(
    text
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("#"))
      .map((line) => {
        const at = line.search(/(?<!\\)=/);
        const unescaped = (s: string) =>
          s.replace(/\\(u[0-9a-f]{4}|.)/g, (_, e: string) =>
            e.startsWith("u") && e.length === 5
              ? String.fromCharCode(Number.parseInt(e.slice(1), 16))
              : e === "n"
                ? "\n"
                : e,
          );
        return [unescaped(line.slice(0, at)), unescaped(line.slice(at + 1))];
      }),
  );

/** What MessageFormat shows for a message without arguments: '' is one apostrophe. */
const shown = (message: string) => message.replace(/''/g, "'");

describe("messages_<lng>.properties from the catalogue", () => {
  it.each(script.THEME_LANGUAGES)(
    "%s: every key of the table, ASCII only, as the catalogue says",
    (lng) => {
      const file = script.propertiesFile(lng);
      expect(file).toMatch(/^[\x20-\x7e\n]*$/);
      const messages = readProperties(file);
      expect([...messages.keys()]).toEqual(Object.keys(THEME_MESSAGES));
      for (const [key, entry] of Object.entries(THEME_MESSAGES)) {
        const ref = typeof entry === "string" ? entry : entry.text;
        const message = messages.get(key) ?? "";
        expect({ key, message }).not.toEqual({ key, message: expect.stringMatching(/\{\{|\$t\(/) });
        if (typeof entry === "string")
          expect({ key, text: shown(message) }).toEqual({
            key,
            text: script.catalogueText(lng, ref),
          });
      }
    },
  );

  it("doubles apostrophes, writes \\u escapes and MessageFormat's {0}", () => {
    const fr = readProperties(script.propertiesFile("fr"));
    expect(fr.get("restartLoginTooltip")).toBe(
      "Ce n''est pas vous ? Se connecter avec un autre compte",
    );
    expect(script.propertiesFile("fr")).toContain("locale_fr=Fran\\u00e7ais");
    expect(readProperties(script.propertiesFile("en")).get("portal.copyright")).toBe("© {0} {1}");
    expect(readProperties(script.propertiesFile("de")).get("auth-recovery-code-prompt")).toBe(
      "Wiederherstellungscode Nr. {0}",
    );
  });

  it("every message key the theme's templates name is in the table or Keycloak's own", () => {
    const templates = readdirSync(THEME).filter((f) => f.endsWith(".ftl"));
    const named = templates.flatMap((f) =>
      [...readFileSync(join(THEME, f), "utf8").matchAll(/msg\(["']([\w.-]+)["']/g)].map(
        (m) => m[1],
      ),
    );
    // The theme's own keys exist nowhere else: each must have its catalogue text.
    expect(named.filter((k) => k?.startsWith("portal.") && !(k in THEME_MESSAGES))).toEqual([]);
  });
});

describe("the theme's templates and settings", () => {
  it("hold no words of their own: text between tags is FreeMarker output only", () => {
    const strays = readdirSync(THEME)
      .filter((f) => f.endsWith(".ftl"))
      .flatMap((f) => {
        let markup = readFileSync(join(THEME, f), "utf8")
          .replace(/<#--[\s\S]*?-->/g, "")
          .replace(/<script[\s\S]*?<\/script>/g, "");
        // Interpolations, innermost first (`${msg("requiredAction.${item}")}`), then directives.
        while (/\$\{[^{}]*\}/.test(markup)) markup = markup.replace(/\$\{[^{}]*\}/g, " ");
        markup = markup.replace(/<\/?[#@][^>]*>/g, " ");
        return [
          ...[...markup.matchAll(/>([^<>]*[A-Za-zÀ-ÿ]{2,}[^<>]*)</g)].map(
            (m) => `${f}: ${m[1]?.trim()}`,
          ),
          ...[
            ...markup.matchAll(/\b(aria-label|title|placeholder|alt)="([^"]*[A-Za-z][^"]*)"/g),
          ].map((m) => `${f}: ${m[0]}`),
        ];
      })
      // Attributes written by a macro (field.ftl's aria-describedby) are markup, not words.
      .filter((line) => !/="/.test(line));
    expect(strays).toEqual([]);
  });

  it("waits as long as the portal's language switch, and the realm uses the theme", () => {
    const properties = readFileSync(join(THEME, "theme.properties"), "utf8");
    expect(properties).toContain(`languageKeyPauseMs=${LANGUAGE_KEY_PAUSE_MS}\n`);
    const realm = JSON.parse(readFileSync(join(repo, "keycloak", "realm-portal.json"), "utf8"));
    expect(realm).toMatchObject({
      loginTheme: "portal",
      internationalizationEnabled: true,
      supportedLocales: [...script.THEME_LANGUAGES],
      defaultLocale: "de",
    });
  });

  const out = mkdtempSync(join(tmpdir(), "portal-theme-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("writes the whole theme: the web app's stylesheet, the icon, three bundles", () => {
    const theme = script.writeTheme(out);
    const login = join(theme, "login");
    expect(readdirSync(join(login, "messages")).sort()).toEqual(
      script.THEME_LANGUAGES.map((lng) => `messages_${lng}.properties`),
    );
    const css = readFileSync(join(login, "resources", "css", "portal.css"), "utf8");
    // tokens.css first, then the frame, the controls and the provider pages' rules.
    for (const rule of [
      "--brand-700:",
      ".site-header {",
      ".btn--primary {",
      ".page-card {",
      ".qr {",
    ])
      expect(css).toContain(rule);
    expect(css.indexOf("--brand-700:")).toBeLessThan(css.indexOf(".site-header {"));
    expect(readdirSync(join(login, "resources", "img"))).toEqual(["favicon.svg"]);
  });

  // Issue 47: Keycloak's pages show the support contact the web app and the mails show
  // (server/src/config.ts's variables, checks and default), written when generated.
  it("writes the support contact from SUPPORT_CONTACT_* into theme.properties", () => {
    const dir = mkdtempSync(join(tmpdir(), "portal-theme-support-"));
    try {
      const theme = script.writeTheme(dir, {
        SUPPORT_CONTACT_EMAIL: "hilfe@verein.example",
        SUPPORT_CONTACT_PHONE: "+49 211 1234-0",
        SUPPORT_CONTACT_URL: "https://verein.example/kontakt",
      });
      const properties = readProperties(
        readFileSync(join(theme, "login", "theme.properties"), "utf8"),
      );
      expect(properties.get("supportEmail")).toBe("hilfe@verein.example");
      expect(properties.get("supportPhone")).toBe("+49 211 1234-0");
      expect(properties.get("supportTel")).toBe("+4921112340");
      expect(properties.get("supportUrl")).toBe("https://verein.example/kontakt");
      // The frame's other settings stay.
      expect(properties.get("languageKeyPauseMs")).toBe(String(LANGUAGE_KEY_PAUSE_MS));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // config.ts's default: support@ the homepage's domain; no phone, no page.
    expect(script.supportContact({})).toMatchObject({ email: "support@example.org" });
    expect(script.supportContact({ HOMEPAGE_URL: "https://www.verein.de" })).toMatchObject({
      email: "support@verein.de",
      phone: undefined,
      url: undefined,
    });
    expect(() => script.supportContact({ SUPPORT_CONTACT_PHONE: "call us" })).toThrow(
      "Invalid SUPPORT_CONTACT_PHONE",
    );
  });
});
