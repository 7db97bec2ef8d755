/** Base path every route of the web app sits under. */
export const BASE_PATH = "/benutzerverwaltung/";

/** Whether a route needs sign-in first. */
export type RouteAccess = "public" | "protected";

/**
 * The route table of spec section 2 as data. `path` is relative to {@link BASE_PATH}
 * ("" is the home route). Routes the spec leaves unnamed get a name derived from
 * their path. The web app maps names to lazy pages; menus and redirects use names.
 */
export const ROUTES = [
  { name: "home", path: "", access: "public" },
  { name: "profile", path: "konto", access: "protected" },
  { name: "patch-person-success", path: "konto/danke", access: "protected" },
  { name: "change-mail-address", path: "konto/email-aendern", access: "protected" },
  { name: "change-mail-address-success", path: "konto/email-aendern/danke", access: "protected" },
  {
    name: "change-mail-address-optin",
    path: "konto/email-aenderung-bestaetigen",
    access: "public",
  },
  // The one-click links of the mails about an e-mail change (issue 29): the alert to the
  // current address cancels a pending change, the mail to the old address reverts one.
  {
    name: "cancel-mail-address-change",
    path: "konto/email-aenderung-abbrechen",
    access: "public",
  },
  {
    name: "revert-mail-address",
    path: "konto/email-aenderung-zuruecknehmen",
    access: "public",
  },
  // "This wasn't me" of every security alert mail (issue 34): one click secures the account.
  { name: "secure-account", path: "konto/sichern", access: "public" },
  { name: "request-account-deletion", path: "konto/loeschen", access: "protected" },
  {
    name: "request-account-deletion-success",
    path: "konto/loeschen/danke",
    access: "protected",
  },
  { name: "confirm-account-deletion", path: "konto/loeschen/bestaetigen", access: "public" },
  // Not in the spec's table: the restore link of a deletion's confirmation mail, while
  // DELETION_GRACE_DAYS keeps the closed account before its erasure (issue 34).
  { name: "restore-account", path: "konto/wiederherstellen", access: "public" },
  { name: "change-password", path: "konto/passwort-aendern", access: "protected" },
  { name: "change-password-success", path: "konto/passwort-aendern/danke", access: "protected" },
  { name: "security", path: "sicherheit", access: "protected" },
  // Not in the spec's table: passkeys, recovery codes, devices and activity for every
  // signed-in person (issue 29); the alert mails link here.
  { name: "sign-in-devices", path: "sicherheit/anmeldung", access: "protected" },
  { name: "company", path: "unternehmen", access: "protected" },
  { name: "patch-person-company-success", path: "unternehmen/danke", access: "protected" },
  { name: "membership", path: "mitgliedschaft", access: "protected" },
  { name: "register-membership-success", path: "mitgliedschaft/danke", access: "protected" },
  { name: "register", path: "registrieren", access: "public" },
  { name: "register-members", path: "registrieren/mitglied", access: "public" },
  { name: "register-success", path: "registrieren/danke", access: "public" },
  { name: "register-optin", path: "registrierung-bestaetigen", access: "public" },
  { name: "password-forgotten", path: "passwort-vergessen", access: "public" },
  { name: "password-forgotten-success", path: "passwort-vergessen/danke", access: "public" },
  { name: "password-reset", path: "passwort-zuruecksetzen", access: "public" },
  { name: "password-reset-success", path: "passwort-zuruecksetzen/danke", access: "public" },
  { name: "login", path: "login", access: "public" },
  { name: "logout", path: "logout", access: "public" },
] as const satisfies ReadonlyArray<{ name: string; path: string; access: RouteAccess }>;

/** One route of {@link ROUTES}. */
export type RouteDefinition = (typeof ROUTES)[number];
/** A route name, e.g. `"profile"`. */
export type RouteName = RouteDefinition["name"];

/** The route of a name. */
export const routeByName = (name: RouteName): RouteDefinition =>
  ROUTES.find((r) => r.name === name) as RouteDefinition;

/**
 * The absolute path of a route (base path included).
 *
 * @example
 * routePath("change-password"); // "/benutzerverwaltung/konto/passwort-aendern"
 */
export const routePath = (name: RouteName): string => `${BASE_PATH}${routeByName(name).path}`;

/**
 * The route a pathname (absolute, under the base path) belongs to, or null.
 * A trailing slash is ignored.
 *
 * @example
 * routeOfPath("/benutzerverwaltung/konto/"); // the profile route
 */
export const routeOfPath = (pathname: string): RouteDefinition | null => {
  if (!`${pathname}/`.startsWith(BASE_PATH)) return null;
  const rel = pathname.slice(BASE_PATH.length).replace(/\/+$/, "");
  return ROUTES.find((r) => r.path === rel) ?? null;
};

/**
 * How a menu entry for `itemPath` stands to the page at `pathname` (both router paths,
 * without query): "page" on the entry's own page, "section" on one of its sub-pages (the
 * profile's e-mail and password pages, a success page), null elsewhere. The home route
 * "/" holds no sub-pages. The side navigation marks both, so "you are here" never goes.
 *
 * @example
 * menuItemCurrent("/konto/email-aendern", "/konto"); // "section"
 * menuItemCurrent("/kontoauszug", "/konto"); // null
 */
export const menuItemCurrent = (pathname: string, itemPath: string): "page" | "section" | null => {
  const trim = (p: string) => p.replace(/\/+$/, "") || "/";
  const here = trim(pathname);
  const item = trim(itemPath);
  if (here === item) return "page";
  return item !== "/" && here.startsWith(`${item}/`) ? "section" : null;
};
