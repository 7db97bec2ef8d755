import { LINK_QUERY, MAILED_LINKS, pageUrl } from "@portal/core";

const tokenLink = (publicUrl: string, link: keyof typeof MAILED_LINKS, token: string) =>
  pageUrl(publicUrl, MAILED_LINKS[link].route, { [MAILED_LINKS[link].token]: token });

/**
 * The links the portal mails; all absolute, under the web app's base path (spec section 2).
 * Pages and query names come from core (`MAILED_LINKS`), which the pages read them by.
 */
export const mailLinks = (publicUrl: string) => ({
  /**
   * The opt-in link carries the registration's key (prk) and token (prt), so the
   * confirmation page leads on to the web target the user registered from (spec 2 and 4).
   */
  optIn: (
    token: string,
    registration: { readonly prk: string | null; readonly prt: string | null },
  ) =>
    pageUrl(publicUrl, MAILED_LINKS.optIn.route, {
      [MAILED_LINKS.optIn.token]: token,
      [LINK_QUERY.webTargetKey]: registration.prk,
      [LINK_QUERY.webTargetToken]: registration.prt,
    }),
  emailChange: (token: string) => tokenLink(publicUrl, "emailChange", token),
  passwordReset: (token: string, prt: string | null) =>
    pageUrl(publicUrl, MAILED_LINKS.passwordReset.route, {
      [MAILED_LINKS.passwordReset.token]: token,
      [LINK_QUERY.webTargetToken]: prt,
    }),
  /** One-click cancel of a requested change, in the alert to the current address. */
  cancelEmailChange: (token: string) => tokenLink(publicUrl, "cancelEmailChange", token),
  /** Restores the old address after a confirmed change, in the mail to that address. */
  revertEmailChange: (token: string) => tokenLink(publicUrl, "revertEmailChange", token),
  deletion: (token: string) => tokenLink(publicUrl, "deletion", token),
  /** Reopens an account closed by a confirmed deletion, until its erasure. */
  restoreAccount: (token: string) => tokenLink(publicUrl, "restoreAccount", token),
  login: () => pageUrl(publicUrl, "login"),
  passwordForgotten: () => pageUrl(publicUrl, "password-forgotten"),
  /**
   * The security alerts' page of devices and activity: the route every signed-in person
   * opens (the Security page's two-factor settings are for allowed members only).
   */
  signInDevices: () => pageUrl(publicUrl, "sign-in-devices"),
});
