import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  changeEmailRules,
  changePasswordRules,
  ERROR_TEXTS,
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
import { LANGUAGES, type Language, loadNamespace, NAMESPACES } from "./texts.js";

const root = join(import.meta.dirname, "..", "locales");
// `errors` is core's catalogue (core/src/texts), tested there; the app reads it as a namespace.
const APP_NAMESPACES = NAMESPACES.filter((ns) => ns !== "errors");
const load = (lng: string, ns: string): Record<string, unknown> =>
  ns === "errors"
    ? (ERROR_TEXTS[lng as Language] as unknown as Record<string, unknown>)
    : (JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8")) as Record<string, unknown>);

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
        APP_NAMESPACES.map((n) => `${n}.json`).sort(),
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
});

describe("the errors namespace", () => {
  it.each(LANGUAGES)("%s is core's catalogue, loaded lazily", async (lng) =>
    expect(await loadNamespace(lng, "errors")).toEqual(ERROR_TEXTS[lng]),
  );
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
    "%s: validation messages, field names, password hints, menu (dialog keys: core's test)",
    (lng) => {
      const validation = load(lng, "validation");
      const common = load(lng, "common");
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
      ];
      expect(missing).toEqual([]);
    },
  );
});
