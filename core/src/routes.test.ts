import { describe, expect, it } from "vitest";
import { BASE_PATH, menuItemCurrent, ROUTES, routeOfPath, routePath } from "./routes.js";

describe("ROUTES: the route table of spec section 2", () => {
  it.each([
    ["home", "", "public"],
    ["profile", "konto", "protected"],
    ["patch-person-success", "konto/danke", "protected"],
    ["change-mail-address", "konto/email-aendern", "protected"],
    ["change-mail-address-success", "konto/email-aendern/danke", "protected"],
    ["change-mail-address-optin", "konto/email-aenderung-bestaetigen", "public"],
    ["cancel-mail-address-change", "konto/email-aenderung-abbrechen", "public"],
    ["revert-mail-address", "konto/email-aenderung-zuruecknehmen", "public"],
    ["secure-account", "konto/sichern", "public"],
    ["request-account-deletion", "konto/loeschen", "protected"],
    ["request-account-deletion-success", "konto/loeschen/danke", "protected"],
    ["confirm-account-deletion", "konto/loeschen/bestaetigen", "public"],
    ["restore-account", "konto/wiederherstellen", "public"],
    ["change-password", "konto/passwort-aendern", "protected"],
    ["change-password-success", "konto/passwort-aendern/danke", "protected"],
    ["security", "sicherheit", "protected"],
    ["sign-in-devices", "sicherheit/anmeldung", "protected"],
    ["company", "unternehmen", "protected"],
    ["patch-person-company-success", "unternehmen/danke", "protected"],
    ["membership", "mitgliedschaft", "protected"],
    ["register-membership-success", "mitgliedschaft/danke", "protected"],
    ["register", "registrieren", "public"],
    ["register-members", "registrieren/mitglied", "public"],
    ["register-success", "registrieren/danke", "public"],
    ["register-optin", "registrierung-bestaetigen", "public"],
    ["password-forgotten", "passwort-vergessen", "public"],
    ["password-forgotten-success", "passwort-vergessen/danke", "public"],
    ["password-reset", "passwort-zuruecksetzen", "public"],
    ["password-reset-success", "passwort-zuruecksetzen/danke", "public"],
    ["login", "login", "public"],
    ["logout", "logout", "public"],
  ])("%s: /%s (%s)", (name, path, access) => {
    expect(ROUTES).toContainEqual({ name, path, access });
  });

  it("has 31 routes with unique names and paths", () => {
    expect(ROUTES).toHaveLength(31);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(31);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(31);
  });

  it("'All routes sit under the base path /benutzerverwaltung/'", () => {
    expect(BASE_PATH).toBe("/benutzerverwaltung/");
    expect(routePath("home")).toBe("/benutzerverwaltung/");
    expect(routePath("change-password")).toBe("/benutzerverwaltung/konto/passwort-aendern");
  });

  it.each([
    ["/benutzerverwaltung/konto", "profile"],
    ["/benutzerverwaltung/konto/", "profile"],
    ["/benutzerverwaltung/", "home"],
    ["/benutzerverwaltung", "home"],
    ["/benutzerverwaltung/nope", null],
    ["/other/konto", null],
  ])("routeOfPath(%j) is %s", (path, name) => expect(routeOfPath(path)?.name ?? null).toBe(name));
});

describe("menuItemCurrent: you are here, also on a sub-page", () => {
  it.each([
    ["/konto", "/konto", "page"],
    ["/konto/", "/konto", "page"],
    ["/konto/email-aendern", "/konto", "section"],
    ["/konto/passwort-aendern/danke", "/konto", "section"],
    ["/unternehmen/danke", "/unternehmen", "section"],
    ["/kontoauszug", "/konto", null],
    ["/sicherheit", "/konto", null],
    ["/konto", "/", null],
  ] as const)("%s under the entry %s: %s", (pathname, item, expected) => {
    expect(menuItemCurrent(pathname, item)).toBe(expected);
  });
});
