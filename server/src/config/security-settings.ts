import { commaList, mapped, secret, yesNo } from "./rules.js";
import { optional, setting, type Values } from "./setting.js";

// Origins only (no path, query or credentials): the web app compares origins, and a path
// here would read as a restriction it does not enforce.
const ORIGIN = /^https?:\/\/[^\s/?#@,]+\/?$/;
const originList = mapped(
  commaList(
    "comma-separated http(s) origins such as https://shop.example.org",
    "http(s) origins",
    (entry) => (ORIGIN.test(entry) ? URL.parse(entry)?.origin : undefined),
  ),
  (origins) => [...new Set(origins)],
);

/** The security menu, where the web app may lead after login, and the keyed hash's secret. */
export const securitySettings = {
  /** The security menu's switch (SECURITY_MENU_ENABLED, default true). */
  securityMenuEnabled: setting("SECURITY_MENU_ENABLED", yesNo, "true"),
  /** Member-number prefixes that see the security menu; undefined = core's default list. */
  securityMenuPrefixes: optional(
    "SECURITY_MENU_PREFIXES",
    commaList(
      "comma-separated three-digit prefixes such as 100,205",
      "three-digit prefixes",
      (entry) => (/^\d{3}$/.test(entry) ? entry : undefined),
    ),
  ),
  /**
   * Extra origins the web app may send a person to after login (REDIRECT_ALLOW_LIST), on
   * top of its own, the branding and the stored web targets' origins.
   */
  redirectAllowList: setting("REDIRECT_ALLOW_LIST", originList, ""),
  /**
   * Secret of the HMAC that turns e-mail and client addresses into counter keys
   * (KEYED_HASH_SECRET, at least 32 characters); unset, one is generated and kept in the database.
   */
  keyedHashSecret: optional("KEYED_HASH_SECRET", secret, "secret"),
};

export type SecuritySettings = Values<typeof securitySettings>;
