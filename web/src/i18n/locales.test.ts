import {
  changeEmailRules,
  changePasswordRules,
  membershipRules,
  menuItems,
  PASSWORD_HINT_KEYS,
  passwordForgottenRules,
  passwordResetRules,
  personalDataRules,
  registrationRules,
  VALIDATION_MESSAGE_KEYS,
} from "@portal/core";
import { CATALOGUE } from "@portal/core/texts";
import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n.js";
import { LANGUAGES, loadNamespace, NAMESPACES } from "./texts.js";

// Key parity, placeholders and unused keys of every namespace: core's catalogue test
// (core/src/texts/catalogue.test.ts). Here: the app loads core's namespaces and words them.
const load = <N extends (typeof NAMESPACES)[number]>(lng: (typeof LANGUAGES)[number], ns: N) =>
  CATALOGUE[lng][ns];

const lookup = (data: Record<string, unknown>, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);

describe("the app's namespaces come from core's catalogue", () => {
  it.each(LANGUAGES)("%s: every namespace loads lazily as the catalogue's", async (lng) => {
    for (const ns of NAMESPACES) expect(await loadNamespace(lng, ns)).toEqual(load(lng, ns));
  });

  it("refuses a namespace or language the app does not read", async () => {
    await expect(loadNamespace("de", "mail")).rejects.toThrow("no texts for de/mail");
    await expect(loadNamespace("it", "common")).rejects.toThrow("no texts for it/common");
  });

  it.each(LANGUAGES)("%s: i18next words a nested key as the shared message", async (lng) => {
    const i18n = await createI18n(lng);
    expect(i18n.t("validation:Fields.email")).toBe(load(lng, "shared").Fields.email);
    expect(i18n.t("common:Menu.logout")).toBe(load(lng, "shared").Session.signOut);
    expect(
      i18n.t("validation:Validation.required", { field: i18n.t("validation:Fields.password") }),
    ).toContain(load(lng, "shared").Fields.password);
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
