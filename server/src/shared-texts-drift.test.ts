import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED_TEXTS, TEXT_LANGUAGES } from "@portal/core";
import { catalogueLeaves, restatedSharedTexts } from "@portal/core/testing";
import { describe, expect, it } from "vitest";
import { TEXTS } from "./identity/pages/texts.js";
import { de } from "./identity/pages/texts-de.js";
import { en } from "./identity/pages/texts-en.js";
import { fr } from "./identity/pages/texts-fr.js";

// The provider's pages and the mails take the messages the app shows too from core's shared
// catalogue (core/src/texts); a copy in their own texts would drift from it.

describe("the provider's pages restate no shared message (issue 17)", () => {
  it.each([
    ["de", de],
    ["en", en],
    ["fr", fr],
  ] as const)("%s: their own texts", (language, own) =>
    expect(restatedSharedTexts(language, own)).toEqual([]),
  );

  it.each(TEXT_LANGUAGES)("%s: the page frame and sign-in read core's texts", (language) => {
    const shared = SHARED_TEXTS[language];
    expect(TEXTS[language]).toMatchObject({
      skipToContent: shared.Layout.skipToContent,
      legalNotice: shared.Layout.legalNotice,
      loginTitle: shared.Session.signInTitle,
      email: shared.Fields.email,
      factorApp: shared.SecondFactor.app,
    });
  });
});

/**
 * Every string literal of a module's source and each piece of a template literal, but in
 * comments (their examples may show a rendered mail).
 */
const literals = (file: string): string[] => {
  const source = file.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [
    ...[...source.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map((m) => m[1] ?? ""),
    ...[...source.matchAll(/`([^`]*)`/g)].flatMap((m) => (m[1] ?? "").split(/\$\{[^}]*\}/)),
  ];
};

const mailSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? mailSources(join(dir, entry.name))
      : entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")
        ? [join(dir, entry.name)]
        : [],
  );

/** Literals of a mail module that read like a shared message in some language, and why. */
const MAIL_COINCIDENCES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "templates/password-reset.ts": {
    "Passwort zurücksetzen": "the de subject; en and fr address the reader (Reset your password)",
  },
};

describe("the mails restate no shared message (issue 17)", () => {
  const shared = new Set(
    TEXT_LANGUAGES.flatMap((language) =>
      catalogueLeaves(SHARED_TEXTS[language]).map(([, text]) => text.trim()),
    ),
  );
  const files = mailSources(join(import.meta.dirname, "mail"));

  it("reads the layout texts and templates", () =>
    expect(files.map((f) => f.split(/[\\/]mail[\\/]/)[1]).sort()).toEqual(
      expect.arrayContaining(["mail-layout-texts.ts", "templates/opt-in.ts"]),
    ));

  it.each(files.map((f) => [f.split(/[\\/]mail[\\/]/)[1] ?? "", f]))("%s", (name, file) =>
    expect(
      literals(readFileSync(file, "utf8")).filter(
        (text) => shared.has(text.trim()) && !Object.hasOwn(MAIL_COINCIDENCES[name] ?? {}, text),
      ),
    ).toEqual([]),
  );
});
