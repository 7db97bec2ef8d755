import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_CODES } from "@portal/contracts";
import {
  changeEmailRules,
  changePasswordRules,
  DEFAULT_DIALOG_BUTTON_KEY,
  DEFAULT_DIALOG_HEADLINE_KEY,
  FAILED_DIALOG_HEADLINE_KEY,
  LOCALE_CHOICES,
  membershipRules,
  menuItems,
  PASSWORD_HINT_KEYS,
  passwordForgottenRules,
  passwordResetRules,
  personalDataRules,
  registrationRules,
  VALIDATION_MESSAGE_KEYS,
} from "@portal/core";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "./texts.js";

const root = join(import.meta.dirname, "..", "locales");
const load = (lng: string, ns: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8")) as Record<string, unknown>;

/** Every leaf key as a dotted path. */
const keys = (value: unknown, prefix = ""): string[] =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

const lookup = (data: Record<string, unknown>, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);

describe("texts exist in de, en and fr (spec section 1)", () => {
  it("every language folder holds exactly the namespaces of the app", () => {
    for (const lng of LANGUAGES)
      expect(readdirSync(join(root, lng)).sort()).toEqual(
        NAMESPACES.map((n) => `${n}.json`).sort(),
      );
  });

  it.each(NAMESPACES)("namespace %s has the same keys in every language", (ns) => {
    const [first, ...rest] = LANGUAGES.map((lng) => ({ lng, keys: keys(load(lng, ns)).sort() }));
    for (const other of rest)
      expect({ lng: other.lng, keys: other.keys }).toEqual({ lng: other.lng, keys: first?.keys });
  });

  it.each(LANGUAGES)("%s has no empty text", (lng) => {
    for (const ns of NAMESPACES) {
      const data = load(lng, ns);
      for (const key of keys(data))
        expect({ ns, key, empty: lookup(data, key) === "" }).toEqual({ ns, key, empty: false });
    }
  });

  it.each(LANGUAGES)("%s has HttpErrorMessages for every error code of section 8", (lng) => {
    const errors = load(lng, "errors");
    const missing = ERROR_CODES.filter(
      (code) => typeof lookup(errors, `HttpErrorMessages.${code}`) !== "string",
    );
    expect(missing).toEqual([]);
    for (const key of ["Dialog.Default.Header", "Dialog.Default.Close"])
      expect(typeof lookup(errors, key)).toBe("string");
  });

  it("translations are real: en and fr differ from de for error texts", () => {
    const de = load("de", "errors");
    for (const lng of ["en", "fr"]) {
      const same = ERROR_CODES.filter(
        (c) =>
          lookup(load(lng, "errors"), `HttpErrorMessages.${c}`) ===
          lookup(de, `HttpErrorMessages.${c}`),
      );
      expect(same).toEqual([]);
    }
  });
});

describe("every text core can ask for exists in every language", () => {
  const ruleSets = {
    personalDataRules,
    registrationRules,
    membershipRules,
    changeEmailRules,
    changePasswordRules,
    passwordResetRules,
    passwordForgottenRules,
  };
  const everyMenuItem = menuItems({
    claims: { cr_id: "p1", cr_mapping: "M", cr_membernumber: "100", cr_userrole: [] },
    personLoaded: true,
    securityPrefixes: [],
    securityFeatureOn: true,
  });

  it.each(LANGUAGES)(
    "%s: validation messages, field names, password hints, menu, dialog keys",
    (lng) => {
      const validation = load(lng, "validation");
      const common = load(lng, "common");
      const errors = load(lng, "errors");
      const missing = [
        ...VALIDATION_MESSAGE_KEYS.filter((k) => typeof lookup(validation, k) !== "string"),
        ...Object.values(ruleSets)
          .flatMap((set) => Object.keys(set))
          .map((field) => `Fields.${field}`)
          .filter((k) => typeof lookup(validation, k) !== "string"),
        ...PASSWORD_HINT_KEYS.filter((k) => typeof lookup(common, k) !== "string"),
        ...["password.show", "password.hide"].filter((k) => typeof lookup(common, k) !== "string"),
        ...LOCALE_CHOICES.map((c) => `language.${c.locale}`).filter(
          (k) => typeof lookup(common, k) !== "string",
        ),
        ...[...everyMenuItem.map((m) => m.labelKey), "Menu.company"].filter(
          (k) => typeof lookup(common, k) !== "string",
        ),
        ...[
          DEFAULT_DIALOG_HEADLINE_KEY,
          DEFAULT_DIALOG_BUTTON_KEY,
          FAILED_DIALOG_HEADLINE_KEY,
        ].filter((k) => typeof lookup(errors, k) !== "string"),
      ];
      expect(missing).toEqual([]);
    },
  );
});
