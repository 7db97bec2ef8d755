import type { LoginClaims } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  canDeleteAccount,
  canSeeSecurityMenu,
  DEFAULT_SECURITY_PREFIXES,
  hasRepresentationAuthorisation,
  isMemberUser,
  menuEntryCurrent,
  menuItems,
  personExists,
  showCompanyData,
} from "./roles.js";
import { routePath } from "./routes.js";

const internal: LoginClaims = { cr_id: "p1", cr_mapping: null, cr_userrole: ["CR.USER"] };
const member: LoginClaims = {
  cr_id: "p1",
  cr_mapping: "M-1",
  cr_userrole: [],
  cr_membernumber: "1234567",
};
const representative: LoginClaims = {
  cr_id: "p1",
  cr_userrole: ["CR.X", "CR.VERTRETUNGSBERECHTIGUNG;2010000001"],
};

describe("roles of spec section 6", () => {
  it.each([
    { name: "'Member user: token has non-empty cr_mapping'", claims: member, expected: true },
    {
      name: "empty cr_mapping is no member",
      claims: { ...member, cr_mapping: " " },
      expected: false,
    },
    { name: "no cr_mapping is no member", claims: internal, expected: false },
    { name: "no claims", claims: null, expected: false },
  ])("isMemberUser: $name", ({ claims, expected }) => expect(isMemberUser(claims)).toBe(expected));

  it.each([
    { claims: internal, expected: true },
    { claims: { cr_id: null }, expected: false },
    { claims: {}, expected: false },
  ])("personExists 'when cr_id is present': %o", ({ claims, expected }) =>
    expect(personExists(claims)).toBe(expected),
  );

  it.each([
    { claims: representative, expected: true },
    { claims: { cr_userrole: ["VERTRETUNGSBERECHTIGUNG"] }, expected: false },
    { claims: { cr_userrole: null }, expected: false },
    { claims: internal, expected: false },
  ])(
    "hasRepresentationAuthorisation 'any cr_userrole entry contains .VERTRETUNGSBERECHTIGUNG;': %o",
    ({ claims, expected }) => expect(hasRepresentationAuthorisation(claims)).toBe(expected),
  );

  it.each([
    { name: "person loaded, internal user", personLoaded: true, claims: internal, expected: true },
    {
      name: "'only when a person is loaded'",
      personLoaded: false,
      claims: internal,
      expected: false,
    },
    { name: "'is not a member user'", personLoaded: true, claims: member, expected: false },
    {
      name: "'has no representation authorisation'",
      personLoaded: true,
      claims: representative,
      expected: false,
    },
  ])("showCompanyData: $name", ({ personLoaded, claims, expected }) =>
    expect(showCompanyData({ personLoaded, claims })).toBe(expected),
  );

  it.each([
    { name: "allowed prefix", number: "1234567", prefixes: ["123"], on: true, expected: true },
    { name: "other prefix", number: "1244567", prefixes: ["123"], on: true, expected: false },
    { name: "'empty list allows all'", number: "9994567", prefixes: [], on: true, expected: true },
    { name: "feature switch off", number: "1234567", prefixes: [], on: false, expected: false },
    { name: "no member number", number: null, prefixes: [], on: true, expected: false },
  ])("canSeeSecurityMenu: $name", ({ number, prefixes, on, expected }) =>
    expect(canSeeSecurityMenu(number, prefixes, on)).toBe(expected),
  );

  it.each([
    { claims: member, expected: false },
    { claims: internal, expected: true },
  ])(
    "canDeleteAccount: 'cannot see the delete-account button' for member users (%o)",
    ({ claims, expected }) => expect(canDeleteAccount(claims)).toBe(expected),
  );
});

describe("menuItems: 'Profile, Security, Company, Membership, Logout'", () => {
  it.each([
    {
      name: "internal user with a person: Sign-in & devices instead of Security, Company shown",
      claims: internal,
      personLoaded: true,
      prefixes: [],
      on: true,
      ids: ["profile", "sign-in-devices", "company", "membership", "logout"],
    },
    {
      name: "member with an allowed prefix: Security, no Company",
      claims: member,
      personLoaded: true,
      prefixes: ["123"],
      on: true,
      ids: ["profile", "security", "membership", "logout"],
    },
    {
      name: "member, empty prefix list: Security (its page holds Sign-in & devices too)",
      claims: member,
      personLoaded: true,
      prefixes: [],
      on: true,
      ids: ["profile", "security", "membership", "logout"],
    },
    {
      name: "no claims yet (sign-in check running): the slot holds Sign-in & devices",
      claims: null,
      personLoaded: false,
      prefixes: [],
      on: true,
      ids: ["profile", "sign-in-devices", "membership", "logout"],
    },
    {
      name: "member with another prefix: Sign-in & devices",
      claims: member,
      personLoaded: true,
      prefixes: ["999"],
      on: true,
      ids: ["profile", "sign-in-devices", "membership", "logout"],
    },
    {
      name: "member, feature off: Sign-in & devices",
      claims: member,
      personLoaded: true,
      prefixes: [],
      on: false,
      ids: ["profile", "sign-in-devices", "membership", "logout"],
    },
    {
      name: "representative: no Company, Sign-in & devices",
      claims: representative,
      personLoaded: true,
      prefixes: [],
      on: true,
      ids: ["profile", "sign-in-devices", "membership", "logout"],
    },
    {
      name: "person not loaded yet: no Company, Sign-in & devices",
      claims: internal,
      personLoaded: false,
      prefixes: [],
      on: true,
      ids: ["profile", "sign-in-devices", "membership", "logout"],
    },
  ])("$name", ({ claims, personLoaded, prefixes, on, ids }) => {
    const items = menuItems({
      claims,
      personLoaded,
      securityPrefixes: prefixes,
      securityFeatureOn: on,
    });
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(items.every((i) => i.route === i.id && i.labelKey === `Menu.${i.id}`)).toBe(true);
  });
});

describe("DEFAULT_SECURITY_PREFIXES: 'about 190 entries, 100 to 989'", () => {
  it("holds 190 unique, ascending three-digit prefixes from 100 to 989", () => {
    const numbers = DEFAULT_SECURITY_PREFIXES.map(Number);
    expect(numbers).toHaveLength(190);
    expect(new Set(numbers).size).toBe(190);
    expect(numbers[0]).toBe(100);
    expect(numbers.at(-1)).toBe(989);
    expect(numbers.every((n, i) => i === 0 || n > (numbers[i - 1] ?? 0))).toBe(true);
    expect(DEFAULT_SECURITY_PREFIXES.every((p) => /^\d{3}$/.test(p))).toBe(true);
  });
});

describe("menuEntryCurrent: the entry of the page a person is on", () => {
  const items = menuItems({
    claims: internal,
    personLoaded: true,
    securityPrefixes: [],
    securityFeatureOn: true,
  });
  const marked = (pathname: string) =>
    items.filter((item) => menuEntryCurrent(pathname, item, routePath)).map((item) => item.id);

  it("marks Sign-in & devices on /sicherheit, which shows the same sections", () => {
    expect(marked(routePath("security"))).toEqual(["sign-in-devices"]);
    expect(menuEntryCurrent(routePath("security"), items[1]!, routePath)).toBe("page");
  });

  it("marks an entry on its own page and its sub-pages, and nothing elsewhere", () => {
    expect(marked(routePath("sign-in-devices"))).toEqual(["sign-in-devices"]);
    expect(marked(routePath("change-mail-address"))).toEqual(["profile"]);
    expect(marked(routePath("register"))).toEqual([]);
  });
});
