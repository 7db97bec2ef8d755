import type { LoginClaims } from "@portal/contracts";
import { menuItemCurrent, type RouteName } from "./routes.js";

type Claims = LoginClaims | null | undefined;

/** The role marker of representation authorisation. */
const REPRESENTATION_MARKER = ".VERTRETUNGSBERECHTIGUNG;";

/**
 * The realm role of support staff: a persons.roles entry and a token's realm_access role;
 * the support routes of the API admit only tokens that carry it.
 */
export const SUPPORT_ROLE = "portal-support";

/**
 * The confidential client of support staff and scripts (the CLI's default client, and
 * Keycloak's in keycloak/realm-portal.json).
 */
export const SUPPORT_CLIENT_ID = "portal-support";

/**
 * The default configuration of the security-menu member-number prefixes: 190
 * three-digit prefixes spread evenly from 100 to 989 (first 100, last 989), generated,
 * not typed. The server serves it in config.json; an environment may replace it.
 */
export const DEFAULT_SECURITY_PREFIXES: ReadonlyArray<string> = Array.from(
  { length: 190 },
  (_, i) => String(Math.round(100 + (i * (989 - 100)) / 189)),
);

/** A member user: the token has a non-empty cr_mapping. */
export const isMemberUser = (claims: Claims): boolean => (claims?.cr_mapping ?? "").trim() !== "";

/** A person exists when cr_id is present. */
export const personExists = (claims: Claims): boolean => (claims?.cr_id ?? "").trim() !== "";

/** Any cr_userrole entry contains ".VERTRETUNGSBERECHTIGUNG;". */
export const hasRepresentationAuthorisation = (claims: Claims): boolean =>
  (claims?.cr_userrole ?? []).some((role) => role.includes(REPRESENTATION_MARKER));

/**
 * Company data is shown only when a person is loaded, is not a member user and has no
 * representation authorisation.
 */
export const showCompanyData = (input: {
  readonly personLoaded: boolean;
  readonly claims: Claims;
}): boolean =>
  input.personLoaded &&
  !isMemberUser(input.claims) &&
  !hasRepresentationAuthorisation(input.claims);

/**
 * The security menu shows when the feature is on and the member number starts with an
 * allowed three-digit prefix; an empty list allows every member number.
 *
 * @example
 * canSeeSecurityMenu("1234567", ["123"], true); // true
 * canSeeSecurityMenu("1234567", [], true); // true
 */
export const canSeeSecurityMenu = (
  memberNumber: string | null | undefined,
  prefixes: ReadonlyArray<string>,
  featureOn: boolean,
): boolean => {
  const number = (memberNumber ?? "").trim();
  if (!featureOn || number === "") return false;
  return prefixes.length === 0 || prefixes.includes(number.slice(0, 3));
};

/** Member users cannot delete their account. */
export const canDeleteAccount = (claims: Claims): boolean => !isMemberUser(claims);

/** One main-menu entry. */
export interface MenuItem {
  readonly id: "profile" | "security" | "sign-in-devices" | "company" | "membership" | "logout";
  readonly route: RouteName;
  /** i18n key of the label. */
  readonly labelKey: string;
  /** Another route whose page shows what this entry's does: the entry is marked there too. */
  readonly sameAs?: RouteName;
}

/**
 * Whether the menu entry `item` is where `pathname` is: its own page, one of its sub-pages
 * ("section"), or the page of the route it stands for as well (`sameAs`), through `pathOf`
 * (a route's path as the app links it).
 *
 * @example
 * // A person without Security in the menu, on /sicherheit: "Sign-in & devices" is marked.
 * menuEntryCurrent("/benutzerverwaltung/sicherheit", signInDevicesItem, routePath); // "page"
 */
export const menuEntryCurrent = (
  pathname: string,
  item: MenuItem,
  pathOf: (route: RouteName) => string,
): "page" | "section" | null =>
  menuItemCurrent(pathname, pathOf(item.route)) ??
  (item.sameAs !== undefined && menuItemCurrent(pathname, pathOf(item.sameAs)) === "page"
    ? "page"
    : null);

/**
 * The main and mobile menu for a signed-in user, in order Profile, Security, Company,
 * Membership, Logout: Security only for member users with an allowed member-number
 * prefix and the feature on; Company only when {@link showCompanyData} holds.
 * Everyone else gets "Sign-in & devices" in Security's place (issue 29): passkeys,
 * recovery codes, devices and activity are for every person. One entry, never both:
 * the Security page holds the same sections below the two-factor settings, so a second
 * entry would lead to a page that is part of the first. Without claims (the sign-in check
 * still running) the slot shows "Sign-in & devices", so nothing below it moves.
 *
 * @example
 * menuItems({ claims: { cr_id: "p1" }, personLoaded: true, securityPrefixes: [], securityFeatureOn: true })
 *   .map((m) => m.id); // ["profile", "sign-in-devices", "company", "membership", "logout"]
 */
export const menuItems = (input: {
  readonly claims: Claims;
  readonly personLoaded: boolean;
  readonly securityPrefixes: ReadonlyArray<string>;
  readonly securityFeatureOn: boolean;
}): ReadonlyArray<MenuItem> => {
  const { claims } = input;
  const security =
    isMemberUser(claims) &&
    canSeeSecurityMenu(claims?.cr_membernumber, input.securityPrefixes, input.securityFeatureOn);
  const items: Array<MenuItem | false> = [
    { id: "profile", route: "profile", labelKey: "Menu.profile" },
    security
      ? { id: "security", route: "security", labelKey: "Menu.security" }
      : // Also before the claims are known (the sign-in check still running): the slot is
        // held, so the entries below do not move when the check ends; a member whom the
        // rule gives Security sees that one label change in place.
        // The security page (/sicherheit, typed or bookmarked) shows the same sections.
        {
          id: "sign-in-devices",
          route: "sign-in-devices",
          labelKey: "Menu.sign-in-devices",
          sameAs: "security",
        },
    showCompanyData(input) && { id: "company", route: "company", labelKey: "Menu.company" },
    { id: "membership", route: "membership", labelKey: "Menu.membership" },
    { id: "logout", route: "logout", labelKey: "Menu.logout" },
  ];
  return items.filter((i): i is MenuItem => i !== false);
};
