import { type RouteName, routePath } from "./routes.js";
import { queryParams } from "./whatwg-url.js";

/**
 * The query parameters of the mailed links, named once: the server writes them into the
 * mails, the pages behind the links read them (spec sections 2 and 4).
 */
export const LINK_QUERY = {
  /** The opt-in token of a registration or an e-mail change. */
  optIn: "optinId",
  /** The token of an account deletion's confirmation. */
  optOut: "optoutId",
  passwordReset: "passwordResetToken",
  /** The token of a link that undoes a change: cancel or revert an e-mail change, reopen a closed account, secure an account ("This wasn't me"). */
  oneClick: "token",
  /** The registration key of the web target the person came from. */
  webTargetKey: "prk",
  /** The post-registration token handed on to that web target. */
  webTargetToken: "prt",
} as const;

/** The name of a query parameter of {@link LINK_QUERY}, e.g. `"optinId"`. */
export type LinkQueryName = (typeof LINK_QUERY)[keyof typeof LINK_QUERY];

/**
 * Each mailed link with a token: the page it opens (core's route table) and the query
 * parameter its token travels in.
 */
export const MAILED_LINKS = {
  optIn: { route: "register-optin", token: LINK_QUERY.optIn },
  emailChange: { route: "change-mail-address-optin", token: LINK_QUERY.optIn },
  passwordReset: { route: "password-reset", token: LINK_QUERY.passwordReset },
  cancelEmailChange: { route: "cancel-mail-address-change", token: LINK_QUERY.oneClick },
  revertEmailChange: { route: "revert-mail-address", token: LINK_QUERY.oneClick },
  deletion: { route: "confirm-account-deletion", token: LINK_QUERY.optOut },
  restoreAccount: { route: "restore-account", token: LINK_QUERY.oneClick },
  secureAccount: { route: "secure-account", token: LINK_QUERY.oneClick },
} as const satisfies Record<string, { route: RouteName; token: LinkQueryName }>;

/**
 * The absolute address of a page for a mail: the public origin, the route's path and,
 * when `query` is given, its non-empty values (empty and null ones are left out).
 *
 * @example
 * pageUrl("https://portal.example", "password-reset", { passwordResetToken: "t", prt: null });
 * // "https://portal.example/benutzerverwaltung/passwort-zuruecksetzen?passwordResetToken=t"
 */
export const pageUrl = (
  publicUrl: string,
  route: RouteName,
  query?: Partial<Record<LinkQueryName, string | null>>,
): string => {
  const path = routePath(route);
  if (!query) return `${publicUrl}${path}`;
  const params = queryParams("");
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `${publicUrl}${path}?${params.toString()}`;
};
