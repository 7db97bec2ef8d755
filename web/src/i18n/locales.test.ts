import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  changeEmailRules,
  changePasswordRules,
  ERROR_TEXTS,
  membershipRules,
  menuItems,
  PASSWORD_HINT_KEYS,
  passwordForgottenRules,
  passwordResetRules,
  personalDataRules,
  registrationRules,
  SHARED_TEXTS,
  sharedText,
  VALIDATION_MESSAGE_KEYS,
} from "@portal/core";
import { restatedSharedTexts } from "@portal/core/testing";
import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n.js";
import { CORE_NAMESPACES, LANGUAGES, type Language, loadNamespace, NAMESPACES } from "./texts.js";

const root = join(import.meta.dirname, "..", "locales");
// `errors` and `shared` are core's catalogues (core/src/texts), tested there; the app reads
// them as namespaces.
const APP_NAMESPACES = NAMESPACES.filter((ns) => !CORE_NAMESPACES.includes(ns));
const load = (lng: string, ns: string): Record<string, unknown> =>
  ns === "errors"
    ? (ERROR_TEXTS[lng as Language] as unknown as Record<string, unknown>)
    : ns === "shared"
      ? (SHARED_TEXTS[lng as Language] as unknown as Record<string, unknown>)
      : (JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8")) as Record<
          string,
          unknown
        >);

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

describe("core's namespaces", () => {
  it.each(LANGUAGES)("%s: errors and shared are core's catalogues, loaded lazily", async (lng) => {
    expect(await loadNamespace(lng, "errors")).toEqual(ERROR_TEXTS[lng]);
    expect(await loadNamespace(lng, "shared")).toEqual(SHARED_TEXTS[lng]);
  });
});

/** Distinct messages of the app that read like a shared one in some language, and why. */
const COINCIDENCES: Readonly<Record<string, string>> = Object.fromEntries(
  ["de", "de-AT", "fr", "fr-LU"].map((language) => [
    `Languages.${language}`,
    "the profile's language select names a language in the page's language (Englisch, Anglais); the switch names each in its own",
  ]),
);

/** Every `$t(ns:key)` a text nests. */
const nestings = (text: string) => [...text.matchAll(/\$t\(([\w-]+):([\w.-]+)\)/g)];

describe("the app's catalogues restate no shared message (issue 17)", () => {
  it.each(LANGUAGES)("%s: no text of the app's files repeats one of core's shared", (lng) => {
    const restated = APP_NAMESPACES.flatMap((ns) =>
      restatedSharedTexts(lng, load(lng, ns), COINCIDENCES).map((r) => ({ ns, ...r })),
    );
    expect(restated).toEqual([]);
  });

  it.each(LANGUAGES)("%s: every nested text is a shared message that exists", (lng) => {
    const nested = APP_NAMESPACES.flatMap((ns) => {
      const data = load(lng, ns);
      return keys(data).flatMap((key) =>
        nestings(String(lookup(data, key))).map(([whole, nsOf, sharedKey]) => ({
          at: `${ns}:${key}`,
          whole,
          ok: nsOf === "shared" && sharedText(SHARED_TEXTS[lng], sharedKey ?? "") !== undefined,
        })),
      );
    });
    expect(nested.length).toBeGreaterThan(0);
    expect(nested.filter((n) => !n.ok)).toEqual([]);
  });

  it.each(LANGUAGES)("%s: i18next words a nested key as the shared message", async (lng) => {
    const i18n = await createI18n(lng);
    expect(i18n.t("validation:Fields.email")).toBe(SHARED_TEXTS[lng].Fields.email);
    expect(i18n.t("common:Menu.logout")).toBe(SHARED_TEXTS[lng].Session.signOut);
    expect(
      i18n.t("validation:Validation.required", { field: i18n.t("validation:Fields.password") }),
    ).toContain(SHARED_TEXTS[lng].Fields.password);
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
        ...[...everyMenuItem.map((m) => m.labelKey), "Menu.company"].filter(
          (k) => typeof lookup(common, k) !== "string",
        ),
      ];
      expect(missing).toEqual([]);
    },
  );
});
