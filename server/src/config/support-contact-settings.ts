import { isIP } from "node:net";
import { httpUrl, matching } from "./rules.js";
import { optional, setting, type Values } from "./setting.js";

/**
 * support@ the homepage's domain (without a leading www.): a sensible address to start
 * with; support@example.org for a homepage on a bare host name or an IP address.
 */
const defaultSupportEmail = ({ homepageUrl }: { homepageUrl: string }): string => {
  const host = new URL(homepageUrl).hostname.replace(/^www\./, "");
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) && isIP(host) === 0
    ? `support@${host}`
    : "support@example.org";
};

/**
 * Where the portal sends a person who needs help ("contact us"): shown as links in the web
 * app (config.json), the sign-in pages and every mail's footer.
 */
export const supportContactSettings = {
  /** SUPPORT_CONTACT_EMAIL, default `support@` the homepage's domain. */
  email: setting(
    "SUPPORT_CONTACT_EMAIL",
    // One address, ASCII only (it goes into mailto: links and mail headers as it is).
    matching(
      /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/,
      "one e-mail address such as support@example.org",
    ),
    defaultSupportEmail,
  ),
  /** A contact page (SUPPORT_CONTACT_URL). */
  url: optional("SUPPORT_CONTACT_URL", httpUrl),
  /** A phone number (SUPPORT_CONTACT_PHONE). */
  phone: optional(
    "SUPPORT_CONTACT_PHONE",
    // Digits with the usual separators, an optional leading +: a tel: link is made of it.
    matching(
      /^\+?[0-9][0-9 ()/.-]{3,28}[0-9]$/,
      "a phone number of digits, spaces and ()/.- such as +49 211 1234-0",
    ),
  ),
};

/** The one support contact every surface shows (see {@link supportContactSettings}). */
export interface SupportContact extends Values<typeof supportContactSettings> {}
